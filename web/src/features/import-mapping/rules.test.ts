import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'
import { columnLetter, newRow, type RuleRow } from './ruleRows'
import { checkRules, checkSplitRules, hasProblems, isDate, readsAs, validPath } from './rules'
import type { DictionaryWithDetails, ModuleField } from './types'

const t = ((k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k)) as unknown as TFunction
const fields: ModuleField[] = [
  { name: 'name', displayName: 'Name', valueType: 0, required: true },
  { name: 'width', displayName: 'Width', valueType: 2 },
  { name: 'count', displayName: 'Count', valueType: 1 },
  { name: 'color', displayName: 'Colour', valueType: 0 },
  { name: 'isUrgent', displayName: 'Urgent', valueType: 3 },
]
const dictionaries: DictionaryWithDetails[] = [
  { id: 'd', code: 'Colors', displayName: 'Colours', details: [{ id: 'i', code: 'W', label: 'White', value: 'white' }] },
]
const row = (over: Partial<RuleRow>): RuleRow => ({ ...newRow([]), ...over })
const check = (rows: RuleRow[], source: 'column' | 'field' = 'column') => checkRules(rows, t, { source, fields, dictionaries })

describe('checkRules', () => {
  it('passes good rules', () => {
    const rows = [row({ column: 'A', fieldName: 'name' }), row({ column: 'B', fieldName: 'width', valueType: 2, defaultValue: '1,250.5' })]
    expect(check(rows)).toEqual({ rows: {} })
  })

  it('wants at least one rule, and one for each required field', () => {
    expect(check([]).list).toBe('rule.noRules')
    expect(check([row({ column: 'A', fieldName: 'width', valueType: 2 })]).list).toBe('rule.requiredMissing:{"fields":"Name"}')
  })

  it('wants a column of letters, read by one rule, and a known field filled by one rule', () => {
    const a = row({ column: '', fieldName: '' })
    const b = row({ column: 'XFE', fieldName: 'nope' })
    const c = row({ column: 'C', fieldName: 'name' })
    const d = row({ column: 'C', fieldName: 'name' })
    const p = check([a, b, c, d])
    expect(p.rows[a.key]).toEqual({ column: 'rule.columnRequired', fieldName: 'rule.fieldRequired' })
    expect(p.rows[b.key]).toEqual({ column: 'rule.columnInvalid', fieldName: 'rule.fieldUnknown' })
    expect(p.rows[c.key]).toEqual({ column: 'rule.columnTwice:{"column":"C"}', fieldName: 'rule.fieldTwice' })
    expect(p.rows[d.key]).toEqual(p.rows[c.key])
  })

  it('reads a field as its own type or as an enumeration, nothing else', () => {
    const a = row({ column: 'A', fieldName: 'name', valueType: 1 })
    expect(check([a]).rows[a.key]).toEqual({ valueType: 'rule.valueTypeOfField:{"type":"valueType.0"}' })
  })

  it('wants a source path on a form rule: valid, and read by one rule', () => {
    const a = row({ sourceField: '  ', fieldName: 'name' })
    const b = row({ sourceField: 'lines[x].name', fieldName: 'width', valueType: 2 })
    const c = row({ sourceField: 'order.lines[0].name', fieldName: 'color' })
    const d = row({ sourceField: 'order.lines[0].name', fieldName: 'count', valueType: 1 })
    const p = check([a, b, c, d], 'field')
    expect(p.rows[a.key]).toEqual({ sourceField: 'rule.sourceRequired' })
    expect(p.rows[b.key]).toEqual({ sourceField: 'rule.sourceInvalid' })
    expect(p.rows[c.key]).toEqual({ sourceField: 'rule.sourceTwice' })
  })

  it('wants a default value the rule can read', () => {
    const bad = (over: Partial<RuleRow>) => check([row({ column: 'A', fieldName: 'name' }), row({ column: 'B', ...over })]).rows
    expect(Object.values(bad({ fieldName: 'count', valueType: 1, defaultValue: '1.5' }))).toEqual([{ defaultValue: 'rule.defaultNot.1' }])
    expect(Object.values(bad({ fieldName: 'isUrgent', valueType: 3, defaultValue: 'maybe' }))).toEqual([{ defaultValue: 'rule.defaultNot.3' }])
    expect(Object.values(bad({ fieldName: 'isUrgent', valueType: 3, defaultValue: '是' }))).toEqual([])
    // a boolean's default may be one of its pairs' sources
    expect(Object.values(bad({ fieldName: 'isUrgent', valueType: 3, defaultValue: '急', mappingKind: 'inline', itemsMapping: [{ source: '急', target: 'true' }] }))).toEqual([])
    // an enumeration's default must be one of its sources (or a dictionary item's label or code)
    expect(
      Object.values(bad({ fieldName: 'color', valueType: 5, defaultValue: 'Red', mappingKind: 'dictionary', dictionaryCode: 'Colors' })),
    ).toEqual([{ defaultValue: 'rule.defaultNotItem:{"value":"Red"}' }])
    expect(Object.values(bad({ fieldName: 'color', valueType: 5, defaultValue: ' w ', mappingKind: 'dictionary', dictionaryCode: 'Colors' }))).toEqual([])
  })

  it('wants the values of an enumeration: pairs with sources, each once (any case), or a dictionary there is', () => {
    const base = row({ column: 'Z', fieldName: 'name' })
    const none = row({ column: 'A', fieldName: 'color', valueType: 5 })
    const blank = row({ column: 'B', fieldName: 'width', valueType: 5, mappingKind: 'inline', itemsMapping: [{ source: ' ', target: 'x' }] })
    const twice = row({ column: 'C', fieldName: 'count', valueType: 5, mappingKind: 'inline', itemsMapping: [{ source: 'Oak', target: '1' }, { source: 'oak ', target: '2' }] })
    const gone = row({ column: 'D', fieldName: 'isUrgent', valueType: 5, mappingKind: 'dictionary', dictionaryCode: 'Gone' })
    const p = check([base, none, blank, twice, gone])
    expect(p.rows[none.key]).toEqual({ mapping: 'rule.mappingRequired' })
    expect(p.rows[blank.key]).toEqual({ mapping: 'rule.pairSourceRequired' })
    expect(p.rows[twice.key]).toEqual({ mapping: 'rule.pairSourceTwice:{"source":"oak"}' })
    expect(p.rows[gone.key]).toEqual({ mapping: 'rule.dictionaryUnknown:{"code":"Gone"}' })
    expect(hasProblems(check([base, { ...gone, dictionaryCode: 'Colors' }]))).toBe(false)
  })

  it('lets a boolean go without a value mapping', () => {
    expect(hasProblems(check([row({ column: 'A', fieldName: 'name' }), row({ column: 'B', fieldName: 'isUrgent', valueType: 3 })]))).toBe(false)
  })
})

describe('reading values as the server does', () => {
  it('reads numbers with thousands commas, and integers without a fraction', () => {
    expect(readsAs(2, '1,234.5')).toBe(true)
    expect(readsAs(2, '1,23.5')).toBe(false)
    expect(readsAs(2, '１２．５')).toBe(true)
    expect(readsAs(2, '1234567890123456789')).toBe(false)
    expect(readsAs(1, '12')).toBe(true)
    expect(readsAs(1, '12.00')).toBe(true)
    expect(readsAs(1, '12.5')).toBe(false)
  })

  it('reads dates year first, as yyyymmdd or as Excel serial numbers, and only days there are', () => {
    for (const d of ['2026-01-31', '2026/1/31', '2026.01.31', '2026年1月31日', '20260131', '45322', '2026-01-31 08:30', '2026-01-31T08:30:15Z'])
      expect(isDate(d), d).toBe(true)
    for (const d of ['31/01/2026', '2026-02-30', '2026-01-31 25:00', '0', 'soon']) expect(isDate(d), d).toBe(false)
  })

  it('follows member paths of names and indexes', () => {
    expect(validPath('order.customer.name')).toBe(true)
    expect(validPath('lines[0].name')).toBe(true)
    expect(validPath('lines.0.name')).toBe(true)
    expect(validPath('lines[-1]')).toBe(false)
    expect(validPath('a..b')).toBe(false)
  })
})

describe('checkSplitRules', () => {
  it('wants a field of the sales-order lines, and a value unless the operator tests for emptiness', () => {
    const p = checkSplitRules(
      [
        { order: 1, fieldName: '', operator: 'equals', value: '', lineType: 'part' },
        { order: 2, fieldName: 'name', operator: 'isEmpty', value: '', lineType: 'part' },
        { order: 3, fieldName: 'name', operator: 'contains', value: '板', lineType: 'product' },
        { order: 4, fieldName: 'nope', operator: 'startsWith', value: 'x', lineType: 'product' },
      ],
      t,
      fields,
    )
    expect(p).toEqual({ 0: { fieldName: 'rule.fieldRequired', value: 'rule.valueRequired' }, 3: { fieldName: 'rule.splitFieldUnknown' } })
  })
})

describe('form limits', () => {
  it('are the same for create and update, so the forms may read either', () => {
    expect(limits.ImportmappingImportRuleMappingInput).toEqual(limits.ImportmappingUpdateImportRuleMappingInput)
    expect(limits.ImportmappingFormFieldMappingInput).toEqual(limits.ImportmappingUpdateFormFieldMappingInput)
    expect(limits.ImportmappingImportSplitMappingInput).toEqual(limits.ImportmappingUpdateImportSplitMappingInput)
  })
  it('give a column index up to XFD, the last column an .xlsx has', () => {
    expect(columnLetter(limits.ImportmappingMappingRule.columnIndex.maximum)).toBe('XFD')
  })
})
