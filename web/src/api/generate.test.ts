import { describe, expect, it } from 'vitest'
import { generatedFiles, limitsSource, permissionsSource } from '../../scripts/api-files.mjs'
import { isPermissionName, PERMISSION_NAMES, Permissions } from './gen/permissions'
import { limits } from './gen/limits'

describe('generated from the OpenAPI snapshot', () => {
  it('lists the permission names of x-kerf-permissions, as a union and a lookup', () => {
    const src = permissionsSource({ 'x-kerf-permissions': ['Orders', 'Orders.Create'] })
    expect(src).toContain("export const PERMISSION_NAMES = [\n  'Orders',\n  'Orders.Create',\n] as const")
    expect(src).toContain("  'Orders.Create': 'Orders.Create',")
    expect(src).toContain('export type PermissionName = (typeof PERMISSION_NAMES)[number]')
  })

  it('refuses a document without the names, or with a name twice', () => {
    expect(() => permissionsSource({ openapi: '3.1.0' })).toThrow(/x-kerf-permissions/)
    expect(() => permissionsSource({ 'x-kerf-permissions': ['A', 'A'] })).toThrow(/A twice/)
  })

  it('keeps the limits of each field, and leaves out schemas and fields without any', () => {
    const src = limitsSource({
      components: {
        schemas: {
          Input: { properties: { name: { type: 'string', maxLength: 30, minLength: 1 }, note: { type: 'string' }, 'odd-key': { minimum: 0 } } },
          Plain: { properties: { id: { type: 'string' } } },
        },
      },
    })
    expect(src).toContain("  Input: {\n    name: { minLength: 1, maxLength: 30 },\n    'odd-key': { minimum: 0 },\n  },")
    expect(src).not.toContain('Plain')
    expect(src).not.toContain('note')
  })

  it('writes both files', () => {
    expect(Object.keys(generatedFiles({ 'x-kerf-permissions': [] })).sort()).toEqual(['src/api/gen/limits.ts', 'src/api/gen/permissions.ts'])
  })

  it("holds the server's names and limits now", () => {
    expect(PERMISSION_NAMES).toContain('SalesOrder.Products.Create')
    expect(Permissions['SalesOrder.Parts.Import']).toBe('SalesOrder.Parts.Import')
    expect(isPermissionName('SalesOrder.Products')).toBe(true)
    expect(isPermissionName('SalesOrder.Product')).toBe(false)
    expect(limits.CatalogCreateProductInput.name.maxLength).toBe(30)
  })
})
