import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('design viewer texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('say the viewer is the development platform', () => {
    expect(zh.viewer.title).toBe('开发用设计平台')
    expect(en.viewer.title).toBe('Development design platform')
  })

})
