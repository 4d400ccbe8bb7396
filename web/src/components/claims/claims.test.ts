import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { claimProblem, dateTimeValue, itemsOf, rowProblems, toClaims, type ClaimRow, type ClaimType } from './claims'

const types: ClaimType[] = [
  { id: '1', name: 'employee_no', valueType: 0, required: true, regex: '^E\\d{4}$', regexDescription: 'E and four digits' },
  { id: '2', name: 'nickname', valueType: 0, required: false, regex: '^[a-z]+$' },
  { id: '3', name: 'level', valueType: 1, required: false },
  { id: '4', name: 'vip', valueType: 2, required: false },
  { id: '5', name: 'birthdate', valueType: 3, required: false },
]
const row = (claimType: string | undefined, claimValue: string, key = claimType + claimValue): ClaimRow => ({ key, claimType, claimValue })

describe('claim values are checked as the server checks them', () => {
  it('needs a type that exists', () => {
    expect(claimProblem(row(undefined, 'x'), types)?.key).toBe('rule.typeRequired')
    expect(claimProblem(row('gone', 'x'), types)).toEqual({ key: 'rule.unknownType', values: { type: 'gone' } })
  })
  it('a required type needs a value; another may be empty', () => {
    expect(claimProblem(row('employee_no', '  '), types)?.key).toBe('rule.required')
    expect(claimProblem(row('nickname', ''), types)).toBeNull()
  })
  it('whole numbers, yes/no and date-times must parse', () => {
    expect(claimProblem(row('level', '3.5'), types)?.key).toBe('rule.int')
    expect(claimProblem(row('level', '-12'), types)).toBeNull()
    expect(claimProblem(row('vip', 'maybe'), types)?.key).toBe('rule.boolean')
    expect(claimProblem(row('vip', 'true'), types)).toBeNull()
    expect(claimProblem(row('birthdate', 'not a date'), types)?.key).toBe('rule.dateTime')
    expect(claimProblem(row('birthdate', '1990-05-01T00:00:00Z'), types)).toBeNull()
  })
  it('a regex must match; the message names its description when the type has one', () => {
    expect(claimProblem(row('employee_no', 'E12'), types)).toEqual({
      key: 'rule.regexWith',
      values: { type: 'employee_no', description: 'E and four digits' },
    })
    expect(claimProblem(row('nickname', 'Bob'), types)).toEqual({ key: 'rule.regex', values: { type: 'nickname' } })
    expect(claimProblem(row('employee_no', 'E0042'), types)).toBeNull()
  })
  it('the same type and value twice is a duplicate (the second row)', () => {
    const rows = [row('nickname', 'bob', 'a'), row('nickname', ' bob ', 'b'), row('nickname', 'ann', 'c')]
    const p = rowProblems(rows, types)
    expect([...p.keys()]).toEqual(['b'])
    expect(p.get('b')).toEqual({ key: 'rule.duplicate', values: { type: 'nickname', value: 'bob' } })
  })
})

describe('claims to and from the server', () => {
  it('sends every row with its value trimmed', () => {
    expect(toClaims([row('nickname', ' bob '), row('level', '3')])).toEqual([
      { claimType: 'nickname', claimValue: 'bob' },
      { claimType: 'level', claimValue: '3' },
    ])
  })
  it('reads a bare array or {items}', () => {
    expect(itemsOf([{ a: 1 }])).toEqual([{ a: 1 }])
    expect(itemsOf({ items: [{ a: 2 }] })).toEqual([{ a: 2 }])
    expect(itemsOf({ items: null })).toEqual([])
    expect(itemsOf(null)).toEqual([])
  })
  it('stores a date-time as RFC 3339 in UTC', () => {
    expect(dateTimeValue(dayjs('2024-03-05T08:09:10Z'))).toBe('2024-03-05T08:09:10Z')
    expect(dateTimeValue(null)).toBe('')
  })
})
