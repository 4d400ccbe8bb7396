import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'
import { checkItemField, itemLimits, standardLimits } from './rules'

const t = ((k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k)) as unknown as TFunction

describe('checkItemField', () => {
  it('requires the name', () => {
    expect(checkItemField('name', '  ', t, 'name required')).toBe('name required')
  })

  it('limits name to 30, unit to 10 and colour to 18 characters (spec 001 §5), as the server says', () => {
    expect(itemLimits.name.maxLength).toBe(30)
    expect(itemLimits.unit.maxLength).toBe(10)
    expect(itemLimits.color.maxLength).toBe(18)
    expect(checkItemField('name', 'x'.repeat(30), t, '')).toBeNull()
    expect(checkItemField('name', 'x'.repeat(31), t, '')).toBe('fieldLength:{"min":1,"max":30}')
    expect(checkItemField('unit', 'x'.repeat(11), t, '')).toBe('fieldLength:{"min":0,"max":10}')
    expect(checkItemField('color', 'x'.repeat(19), t, '')).toBe('fieldLength:{"min":0,"max":18}')
    expect(checkItemField('color', '白色', t, '')).toBeNull()
  })

  it('counts characters as the server does: an emoji is one', () => {
    expect(checkItemField('unit', '😀'.repeat(10), t, '')).toBeNull()
    expect(checkItemField('unit', '😀'.repeat(11), t, '')).toBe('fieldLength:{"min":0,"max":10}')
  })

  it('refuses negative numbers and accepts empty ones', () => {
    expect(checkItemField('length', -1, t, '')).toBe('numberMin:{"min":0}')
    expect(checkItemField('length', null, t, '')).toBeNull()
    expect(checkItemField('count', 0, t, '')).toBeNull()
    expect(checkItemField('count', -0.5, t, '')).toBe('numberMin:{"min":0}')
  })
})

describe('form limits', () => {
  it('are the same for create and update, so the forms may read either', () => {
    const { count: _count, size: _size, ...partFields } = limits.CatalogCreatePartInput
    expect(limits.CatalogCreatePartInput).toEqual(limits.CatalogUpdatePartInput)
    expect(limits.CatalogCreateProductInput).toEqual(limits.CatalogUpdateProductInput)
    expect(partFields).toEqual(limits.CatalogCreateProductInput)
    expect(limits.CatalogCreateCatalogInput).toEqual(limits.CatalogUpdateCatalogInput)
    expect(limits.CatalogCreateStandardProductInput).toEqual(standardLimits)
  })
})
