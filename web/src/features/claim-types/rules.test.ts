import { describe, expect, it } from 'vitest'
import { limits } from '../../api/gen/limits'
import { CLAIM_TYPE_MAX, regexError, regexMatches, toJsPattern, valueTypeKey, VALUE_TYPES } from './rules'

describe('claim type rules', () => {
  it('numbers the value types as the server does (String 0, Int 1, Boolean 2, DateTime 3)', () => {
    expect(VALUE_TYPES.map((t) => [t.value, t.key])).toEqual([
      [0, 'String'],
      [1, 'Int'],
      [2, 'Boolean'],
      [3, 'DateTime'],
    ])
    expect(valueTypeKey(3)).toBe('DateTime')
    expect(valueTypeKey(undefined)).toBe('String')
  })

  it('accepts a regex that compiles, and an empty one', () => {
    expect(regexError('^E\\d{4}$')).toBeNull()
    expect(regexError('')).toBeNull()
    expect(regexError(undefined)).toBeNull()
  })

  it('refuses a regex with a syntax error, saying why', () => {
    expect(regexError('^E[0-9{4}$')).toMatch(/./)
    expect(regexError('(ab')).toMatch(/./)
    expect(regexError('a**')).toMatch(/./)
    expect(regexError('*a')).toMatch(/./)
  })

  it('reads the Go-only spellings the server accepts: (?P<name>…) and a leading (?i)', () => {
    expect(regexError('(?P<year>\\d{4})')).toBeNull()
    expect(regexError('(?i)^abc$')).toBeNull()
    expect(toJsPattern('(?is)a.b')).toEqual({ source: 'a.b', flags: 'is' })
    expect(regexMatches('(?i)^abc$', 'ABC')).toBe(true)
  })

  it('tries a sample value against the regex', () => {
    expect(regexMatches('^E\\d{4}$', 'E1234')).toBe(true)
    expect(regexMatches('^E\\d{4}$', 'E12')).toBe(false)
    expect(regexMatches('', 'x')).toBeNull()
    expect(regexMatches('(', 'x')).toBeNull()
  })

  it('takes its field limits from the server, the same for create and update', () => {
    expect(limits.ClaimtypesCreateClaimTypeInput).toEqual(limits.ClaimtypesUpdateClaimTypeInput)
    expect(CLAIM_TYPE_MAX).toEqual({ name: 256, regex: 512, regexDescription: 128, description: 256 })
  })
})
