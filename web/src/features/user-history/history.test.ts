import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { historyEntries, historyLines, kindColor, shown, type ChangeByUser } from './history'

const change = (id: string, changeType: number, changeTime: string, props: [string, string | null, string | null][], userName = 'admin'): ChangeByUser => ({
  userName,
  entityChange: {
    id,
    changeType,
    changeTime,
    propertyChanges: props.map(([propertyName, originalValue, newValue]) => ({ propertyName, propertyTypeFullName: 'string', originalValue, newValue })),
  },
})

describe('a stored value in the history', () => {
  it('shows strings without quotes, other JSON as written, null and "" as no value', () => {
    expect(shown('"Ada"')).toEqual({ text: 'Ada' })
    expect(shown('true')).toEqual({ text: 'true' })
    expect(shown('[1,2]')).toEqual({ text: '[1,2]' })
    expect(shown('null')).toEqual({ text: null })
    expect(shown('""')).toEqual({ text: null })
    expect(shown(undefined)).toEqual({ text: null })
  })
  it('shows a cut value as stored, without its opening quote, marked cut', () => {
    expect(shown('"abc...')).toEqual({ text: 'abc...', cut: true })
  })
  it('shows a time property in local time', () => {
    const iso = '2025-06-01T12:00:00Z'
    expect(shown(JSON.stringify(iso), 'time.Time').text).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm:ss'))
  })
})

describe('history lines', () => {
  it('list only the properties whose value changed, old → new', () => {
    const lines = historyLines([
      { propertyName: 'name', originalValue: '"Ada"', newValue: '"Grace"' },
      { propertyName: 'surname', originalValue: '"Hopper"', newValue: '"Hopper"' },
      { propertyName: 'email', originalValue: 'null', newValue: '""' },
      { propertyName: 'phoneNumber', originalValue: 'null', newValue: '"13800000000"' },
    ])
    expect(lines).toEqual([
      { property: 'name', from: { text: 'Ada' }, to: { text: 'Grace' } },
      { property: 'phoneNumber', from: { text: null }, to: { text: '13800000000' } },
    ])
  })
  it('list a created user’s filled-in fields only', () => {
    const lines = historyLines([
      { propertyName: 'userName', originalValue: null, newValue: '"ada"' },
      { propertyName: 'email', originalValue: null, newValue: '""' },
    ])
    expect(lines.map((l) => l.property)).toEqual(['userName'])
  })
})

describe('history entries', () => {
  it('are newest first, with who made each change (none: the system) and its kind', () => {
    const entries = historyEntries([
      change('c1', 0, '2025-01-01T08:00:00Z', [['userName', null, '"ada"']], ''),
      change('c3', 2, '2025-03-01T08:00:00Z', [['userName', '"ada"', null]]),
      change('c2', 1, '2025-02-01T08:00:00Z', [['name', '"A"', '"B"']], 'boss'),
    ])
    expect(entries.map((e) => [e.id, e.kind, e.userName])).toEqual([
      ['c3', 'deleted', 'admin'],
      ['c2', 'updated', 'boss'],
      ['c1', 'created', null],
    ])
    expect(entries[1].lines).toEqual([{ property: 'name', from: { text: 'A' }, to: { text: 'B' } }])
    expect(entries.map((e) => kindColor(e.kind))).toEqual(['red', 'blue', 'green'])
  })
})
