import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('order screen texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('carry the spec texts: the 10-file warning and the confirmation title', () => {
    expect(zh.files.tooMany.replace('{{max}}', '10')).toBe('最多只能上传10个文件')
    expect(en.files.tooMany.replace('{{max}}', '10')).toBe('At most 10 files can be uploaded')
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
})
