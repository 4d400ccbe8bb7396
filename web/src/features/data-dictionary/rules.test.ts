import { describe, expect, it } from 'vitest'
import { limits } from '../../api/gen/limits'
import { CODE_PATTERN, charCount, detailLimits, detailListProblems, dictionaryLimits } from './rules'

describe('data dictionary rules', () => {
  it('take the limits the server states, the same on create and update', () => {
    expect(limits.DatadictionaryCreateDictionaryInput.code).toEqual(dictionaryLimits.code)
    expect(limits.DatadictionaryCreateDictionaryInput.displayName).toEqual(dictionaryLimits.displayName)
    expect(limits.DatadictionaryDetailFieldsInput).toEqual(detailLimits)
    expect(dictionaryLimits.code.maxLength).toBe(64)
    expect(detailLimits.order.minimum).toBe(0)
  })

  it('accept codes of letters, digits, dots, underscores and dashes only', () => {
    for (const ok of ['SeparatePallet', 'Sales.Order_Type-2', '0']) expect(CODE_PATTERN.test(ok)).toBe(true)
    for (const bad of ['有中文', 'a b', 'a/b', '']) expect(CODE_PATTERN.test(bad)).toBe(false)
  })

  it('count characters as the server does', () => {
    expect(charCount('出厂价')).toBe(3)
    expect(charCount('😀')).toBe(1)
  })

  it('find repeated codes and a second or disabled default among new details', () => {
    expect(
      detailListProblems([
        { code: 'A', isDefault: true },
        { code: 'a' },
        { code: 'B', isDefault: true },
        { code: 'C', isDefault: true, isEnable: false },
      ]),
    ).toEqual([
      { index: 1, field: 'code', key: 'rule.duplicateCode' },
      { index: 2, field: 'isDefault', key: 'rule.oneDefault' },
      { index: 3, field: 'isDefault', key: 'rule.defaultDisabled' },
    ])
    expect(detailListProblems([{ code: 'A' }, { code: 'B', isDefault: true }])).toEqual([])
  })
})
