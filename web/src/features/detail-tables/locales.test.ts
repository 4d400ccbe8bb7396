import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'
import { ACTIONS, BUILTIN_FIELDS, TABLE_KEYS } from './types'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('detail-table texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('title confirmations 提示 / Tips', () => {
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
  it('name every table, action and built-in field', () => {
    for (const k of TABLE_KEYS) expect(zh.table[k]).toBeTruthy()
    for (const a of ACTIONS) expect(zh.action[a]).toBeTruthy()
    for (const f of BUILTIN_FIELDS) expect(zh.builtin[f]).toBeTruthy()
    expect(zh.table).toMatchObject({ product: '产品', matter: '物料', standardProduct: '标准产品', salesLists: '销售清单', examine: '审核' })
  })
})
