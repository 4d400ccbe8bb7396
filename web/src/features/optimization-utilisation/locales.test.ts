import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('utilisation texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('name the figures in both languages', () => {
    expect([zh.col.utilisation, en.col.utilisation]).toEqual(['利用率', 'Utilisation'])
    expect([zh.total, en.total]).toEqual(['合计', 'Total'])
    expect(en.empty).toMatch(/finished runs/)
  })
})
