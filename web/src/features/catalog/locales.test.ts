import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'
import pickerZh from '../../components/catalog-pickers/locales/zh-Hans.json'
import pickerEn from '../../components/catalog-pickers/locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('catalogue texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
    expect(keys(pickerEn).sort()).toEqual(keys(pickerZh).sort())
  })

  it('carry the spec texts of the parts screen and the delete confirmation title', () => {
    expect(zh.matter.selectDirectoryForImport).toBe('请选择一个目录！')
    expect(zh.matter.selectToMove).toBe('请选择需要移动的物料！')
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
    expect(en.fieldLength).toBe('Field length must be between {{min}} and {{max}}')
  })
})
