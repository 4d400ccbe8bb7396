import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { changeTypeInfo, changedCount, propertyRows, shortEntityType, shownValue } from './changes'

describe('a stored property value as shown', () => {
  it('shows a JSON string without its quotes', () => {
    expect(shownValue('"Ada"')).toEqual({ kind: 'text', text: 'Ada' })
  })
  it('shows numbers, booleans and objects as written', () => {
    expect(shownValue('12.5')).toEqual({ kind: 'text', text: '12.5' })
    expect(shownValue('false')).toEqual({ kind: 'text', text: 'false' })
    expect(shownValue('{"a": [1, 2]}')).toEqual({ kind: 'text', text: '{"a":[1,2]}' })
  })
  it('tells no value, an empty string and a missing side apart', () => {
    expect(shownValue('null')).toEqual({ kind: 'null' })
    expect(shownValue('""')).toEqual({ kind: 'empty' })
    expect(shownValue(null)).toEqual({ kind: 'absent' })
    expect(shownValue(undefined)).toEqual({ kind: 'absent' })
  })
  it('shows a value the server cut as stored, without the opening quote, and marks it cut', () => {
    expect(shownValue('"a very long description...')).toEqual({ kind: 'text', text: 'a very long description...', cut: true })
  })
  it('shows a time property in local time', () => {
    const iso = '2025-04-01T08:30:00Z'
    expect(shownValue(JSON.stringify(iso), 'time.Time')).toEqual({ kind: 'text', text: dayjs(iso).format('YYYY-MM-DD HH:mm:ss') })
    // a string that merely looks like a date stays as it is
    expect(shownValue(JSON.stringify(iso), 'string')).toEqual({ kind: 'text', text: iso })
  })
})

describe('property table rows', () => {
  it('marks an updated property changed and one whose shown value is the same not', () => {
    const rows = propertyRows([
      { propertyName: 'name', propertyTypeFullName: 'string', originalValue: '"Ada"', newValue: '"Grace"' },
      { propertyName: 'surname', propertyTypeFullName: 'string', originalValue: '"Lovelace"', newValue: '"Lovelace"' },
      { propertyName: 'phoneNumber', propertyTypeFullName: 'string', originalValue: 'null', newValue: '"123"' },
    ])
    expect(rows.map((r) => [r.name, r.changed])).toEqual([
      ['name', true],
      ['surname', false],
      ['phoneNumber', true],
    ])
    expect(rows[0].original).toEqual({ kind: 'text', text: 'Ada' })
    expect(rows[0].new).toEqual({ kind: 'text', text: 'Grace' })
  })

  it('marks a created row’s filled-in properties changed and its empty ones not', () => {
    const rows = propertyRows([
      { propertyName: 'userName', originalValue: null, newValue: '"ada"' },
      { propertyName: 'email', originalValue: null, newValue: '""' },
      { propertyName: 'phoneNumber', newValue: 'null' },
      { propertyName: 'lockoutEnabled', newValue: 'false' },
    ])
    expect(rows.map((r) => r.changed)).toEqual([true, false, false, true])
    expect(rows[0].original).toEqual({ kind: 'absent' })
  })

  it('marks a deleted row’s filled-in properties changed (they are gone)', () => {
    const rows = propertyRows([
      { propertyName: 'name', originalValue: '"Base 600"', newValue: null },
      { propertyName: 'remark', originalValue: 'null', newValue: null },
    ])
    expect(rows.map((r) => r.changed)).toEqual([true, false])
    expect(rows[0].new).toEqual({ kind: 'absent' })
  })

  it('treats a missing list as no rows and counts the changed ones', () => {
    expect(propertyRows(undefined)).toEqual([])
    expect(changedCount({ propertyChanges: [{ propertyName: 'a', originalValue: '1', newValue: '2' }, { propertyName: 'b', originalValue: '1', newValue: '1' }] })).toBe(1)
  })
})

describe('change types and entity names', () => {
  it('numbers change types Created 0, Updated 1, Deleted 2 (spec 002 §3)', () => {
    expect([0, 1, 2, 7].map((n) => changeTypeInfo(n).key)).toEqual(['created', 'updated', 'deleted', 'unknown'])
    expect([0, 1, 2].map((n) => changeTypeInfo(n).color)).toEqual(['green', 'blue', 'red'])
  })
  it('names an entity type by its last part', () => {
    expect(shortEntityType('identity.User')).toBe('User')
    expect(shortEntityType('User')).toBe('User')
    expect(shortEntityType(undefined)).toBe('')
  })
})
