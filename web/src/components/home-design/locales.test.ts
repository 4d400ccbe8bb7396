import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('design platform dialog texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('carry the spec texts: choose a scheme, the confirmation title, the account dialog', () => {
    expect(zh.picker.choose).toBe('请选择方案号')
    expect(en.picker.choose).toBe('Choose a scheme')
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
    expect(zh.binding.title).toBe('设计平台账号')
    expect(zh.binding.providers.development).toBe('开发用设计平台')
  })
})
