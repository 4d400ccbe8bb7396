import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('notification texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('name every severity and title the delete confirmation 提示', () => {
    expect(Object.keys(zh.severity)).toEqual(['0', '10', '20', '30', '40'])
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
})
