import { describe, expect, it } from 'vitest'
import { columnLetter, missingFields, nextColumn, rowProblems, type DetailRow } from './fields'

const row = (columnIndex: number | null, field: DetailRow['field']): DetailRow => ({ key: `${columnIndex}${field}`, columnIndex, field, title: '' })

describe('cut-list fields', () => {
  it('name columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
    expect(columnLetter(-1)).toBe('')
  })
  it('list the required fields not mapped, in the server order', () => {
    expect(missingFields([row(0, 'count'), row(1, 'length')])).toEqual(['materialCode', 'thickness', 'width'])
    expect(missingFields([])).toHaveLength(5)
  })
  it('offer the column after the last one', () => {
    expect(nextColumn([])).toBe(0)
    expect(nextColumn([row(3, 'count'), row(1, 'width')])).toBe(4)
  })
  it('find a column or a field used twice, and empty ones', () => {
    expect(rowProblems([row(0, 'count'), row(0, 'count'), row(null, '')])).toEqual({
      1: { columnIndex: 'detail.columnTwice', field: 'detail.fieldTwice' },
      2: { columnIndex: 'detail.columnRequired', field: 'detail.fieldRequired' },
    })
  })
})
