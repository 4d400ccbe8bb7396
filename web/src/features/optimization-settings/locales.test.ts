import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'
import { CUT_LIST_FIELDS } from './fields'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('optimisation settings texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('name every cut-list field in both languages', () => {
    for (const f of CUT_LIST_FIELDS) {
      expect(zh.fields[f]).toBeTruthy()
      expect(en.fields[f]).toBeTruthy()
    }
  })
  it('title delete confirmations 提示 / Tips', () => {
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
})
