import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('design review texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('carry the spec texts (spec 001 §5, §8)', () => {
    expect(zh.selectSheets).toBe('请选择审核单')
    expect(en.selectSheets).toBe('Please select audit sheets')
    expect(zh.schemeChosen).toBe('已选择方案号，不能更改，请先取消')
    expect(en.schemeChosen).toBe('scheme number already chosen, cannot change; cancel first')
    expect([zh.done.quotation, zh.done.cancelScheme, zh.done.assign, zh.done.reject, zh.done.discard, zh.done.sendback, zh.done.pass, zh.done.saved]).toEqual([
      '生成成功',
      '取消成功',
      '分配成功',
      '驳回成功',
      '作废成功',
      '退回成功',
      '通过成功',
      '保存成功',
    ])
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
    expect(zh.quotation.defaultType).toBe('出厂价')
  })
})
