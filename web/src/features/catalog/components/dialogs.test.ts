import { describe, expect, it } from 'vitest'
import { isXlsx } from './ImportDialog'
import { moveOptions, moveTarget } from './MoveDialog'
import { checkImageFile } from './ImageField'
import { freshFirst } from './ItemPane'
import { EMPTY_GUID, ROOT_KEY, type Catalog, type CatalogItem } from '../../../components/catalog-pickers'

describe('import file check', () => {
  it('accepts only .xlsx spreadsheets', () => {
    expect(isXlsx('products.xlsx')).toBe(true)
    expect(isXlsx('PRODUCTS.XLSX')).toBe(true)
    expect(isXlsx('products.xls')).toBe(false)
    expect(isXlsx('products.csv')).toBe(false)
    expect(isXlsx('products.xlsx.exe')).toBe(false)
  })
})

/** A directory as the server sends it. */
const dir = (id: string, parentId: string, name: string): Catalog => ({
  id,
  parentId,
  displayName: name,
  catalogName: name,
  moduleName: 'product',
  code: id,
  concurrencyStamp: '',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  isDeleted: false,
  isEnable: true,
  lastModificationTime: null,
  lastModifierId: null,
  tenantId: null,
})

describe('move options', () => {
  it('list a root option that can be chosen, holding the directory tree', () => {
    const opts = moveOptions(
      [
        dir('a', EMPTY_GUID, 'A'),
        dir('b', 'a', 'B'),
      ],
      'Root',
    )
    expect(opts).toHaveLength(1)
    expect(opts[0]).toMatchObject({ value: ROOT_KEY, title: 'Root' })
    expect(opts[0].disabled).toBeFalsy()
    expect(opts[0].children?.[0]).toMatchObject({ value: 'a', title: 'A' })
    expect(opts[0].children?.[0].children?.[0]).toMatchObject({ value: 'b' })
  })

  it('send the all-zero id for the root and the directory id otherwise', () => {
    expect(moveTarget(ROOT_KEY)).toBe(EMPTY_GUID)
    expect(moveTarget('a')).toBe('a')
  })
})

describe('image check', () => {
  it('takes images up to 50 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000, name: 'a.png' })).toBe('ok')
    expect(checkImageFile({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBe('type')
    expect(checkImageFile({ type: 'image/jpeg', size: 52_428_801, name: 'a.jpg' })).toBe('size')
    expect(checkImageFile({ type: '', size: 10, name: 'a.webp' })).toBe('ok')
  })
})

describe('freshFirst', () => {
  const item = (id: string, name = id, code = '') => ({ id, name, code }) as CatalogItem
  it('puts rows created on this screen first, newest first, in their latest version', () => {
    const rows = [item('1'), item('2', 'two, renamed'), item('3')]
    expect(freshFirst(rows, [item('3'), item('2')], '').map((r) => r.id)).toEqual(['3', '2', '1'])
    expect(freshFirst(rows, [item('2')], '')[0].name).toBe('two, renamed')
    expect(freshFirst(rows, [], '').map((r) => r.id)).toEqual(['1', '2', '3'])
  })

  it('shows a new row not yet on a loaded page, unless the search leaves it out', () => {
    const rows = [item('1', 'Base 600')]
    expect(freshFirst(rows, [item('9', 'Wall 900', 'W9')], '').map((r) => r.id)).toEqual(['9', '1'])
    expect(freshFirst(rows, [item('9', 'Wall 900', 'W9')], 'w9').map((r) => r.id)).toEqual(['9', '1'])
    expect(freshFirst(rows, [item('9', 'Wall 900', 'W9')], 'base').map((r) => r.id)).toEqual(['1'])
  })
})
