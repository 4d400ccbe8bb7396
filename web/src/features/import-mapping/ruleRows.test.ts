import { describe, expect, it } from 'vitest'
import { columnLetter, itemsJson, moveItem, newRow, parseColumn, parseItems, toColumnRule, toFieldRule, toRow } from './ruleRows'

describe('column letters', () => {
  it('name 0-based columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD'])
    expect(columnLetter(-1)).toBe('')
  })

  it('read letters back, in any case, and refuse anything else', () => {
    for (const i of [0, 1, 25, 26, 27, 51, 52, 701, 702, 16383]) expect(parseColumn(columnLetter(i))).toBe(i)
    expect(parseColumn(' aa ')).toBe(26)
    expect(parseColumn('')).toBeNull()
    expect(parseColumn('A1')).toBeNull()
    expect(parseColumn('3')).toBeNull()
  })
})

describe('rule rows', () => {
  it('start a new row in the column after the last one used', () => {
    expect(newRow([]).column).toBe('A')
    expect(newRow([{ ...newRow([]), column: 'C' }, { ...newRow([]), column: 'Z' }]).column).toBe('AA')
  })

  it('round-trip a rule with pairs, and send a dictionary rule without pairs', () => {
    const rule = {
      columnIndex: 27,
      fieldName: 'color',
      valueType: 5 as const,
      required: true,
      defaultValue: '白',
      itemsMapping: '[{"source":" 白色 ","target":"white"}]',
      dictionaryCode: '',
    }
    const row = toRow(rule)
    expect(row.column).toBe('AB')
    expect(row.mappingKind).toBe('inline')
    expect(row.itemsMapping).toEqual([{ source: ' 白色 ', target: 'white' }])
    expect(toColumnRule(row)).toEqual({ ...rule, itemsMapping: '[{"source":"白色","target":"white"}]' })

    const dict = toRow({ ...rule, itemsMapping: '', dictionaryCode: 'Colors' })
    expect(dict.mappingKind).toBe('dictionary')
    expect(toColumnRule(dict)).toMatchObject({ itemsMapping: '', dictionaryCode: 'Colors' })
  })

  it('drop the value mapping of a rule whose type maps no values', () => {
    const row = { ...toRow({ columnIndex: 0, fieldName: 'name', valueType: 5, itemsMapping: '[{"source":"a","target":"b"}]' }), valueType: 0 as const }
    expect(toColumnRule(row)).toMatchObject({ valueType: 0, itemsMapping: '', dictionaryCode: '' })
  })

  it('read saved pairs whose targets are numbers or booleans as text, and ignore text that is no list', () => {
    expect(parseItems('[{"source":"是","target":true},{"source":"一","target":1}]')).toEqual([
      { source: '是', target: 'true' },
      { source: '一', target: '1' },
    ])
    expect(parseItems('{"a":1}')).toEqual([])
    expect(parseItems('not json')).toEqual([])
    expect(itemsJson([])).toBe('')
  })

  it('give a form rule its trimmed source path and no column', () => {
    const rule = toFieldRule({ ...newRow([]), sourceField: ' order.customer.name ', fieldName: 'customerName' })
    expect(rule).toMatchObject({ sourceField: 'order.customer.name', fieldName: 'customerName' })
    expect('columnIndex' in rule).toBe(false)
  })

  it('move one item to another place', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b'])
  })
})
