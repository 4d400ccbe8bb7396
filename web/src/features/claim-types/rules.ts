import { limits } from '../../api/gen/limits'

/**
 * Rules of the claim type form: the value types (spec 002 §3: String 0, Int 1, Boolean 2,
 * DateTime 3) and a client-side syntax check of the regex.
 */

/** The value types of a claim type, by their number on the wire. */
export const VALUE_TYPES = [
  { value: 0, key: 'String' },
  { value: 1, key: 'Int' },
  { value: 2, key: 'Boolean' },
  { value: 3, key: 'DateTime' },
] as const

export type ValueType = (typeof VALUE_TYPES)[number]['value']

/** The text key of a value type ('String' for an unknown number). */
export function valueTypeKey(v: number | undefined | null): (typeof VALUE_TYPES)[number]['key'] {
  return VALUE_TYPES.find((t) => t.value === v)?.key ?? 'String'
}

/**
 * The pattern as JavaScript reads it. The server checks regexes with Go (RE2 syntax), which
 * also writes named groups as (?P<name>…) and flags as a leading (?i); JavaScript knows
 * neither, so they are rewritten before the syntax check (flags become RegExp flags).
 */
export function toJsPattern(pattern: string): { source: string; flags: string } {
  let source = pattern.replace(/\(\?P</g, '(?<')
  let flags = ''
  const lead = /^\(\?([imsU]+)\)/.exec(source)
  if (lead) {
    source = source.slice(lead[0].length)
    flags = [...new Set(lead[1].replace(/U/g, '').split(''))].join('')
  }
  return { source, flags }
}

/**
 * Why a regex does not compile, or null when it does (an empty regex is no regex). The server
 * has the last word (Go accepts no look-around or back-references; it says so on save); this
 * catches typos such as an unclosed bracket before the form is sent.
 */
export function regexError(pattern: string | undefined | null): string | null {
  if (!pattern) return null
  const { source, flags } = toJsPattern(pattern)
  try {
    new RegExp(source, flags)
    return null
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** Whether a sample value matches the regex (null when the regex is empty or broken). */
export function regexMatches(pattern: string | undefined | null, sample: string): boolean | null {
  if (!pattern || regexError(pattern)) return null
  const { source, flags } = toJsPattern(pattern)
  return new RegExp(source, flags).test(sample)
}

/**
 * Longest texts the server takes, read from its OpenAPI schema (generated into
 * src/api/gen/limits.ts); create and update carry the same (rules.test.ts holds them to it).
 */
export const claimTypeLimits = limits.ClaimtypesUpdateClaimTypeInput

export const CLAIM_TYPE_MAX = {
  name: claimTypeLimits.name.maxLength,
  regex: claimTypeLimits.regex.maxLength,
  regexDescription: claimTypeLimits.regexDescription.maxLength,
  description: claimTypeLimits.description.maxLength,
} as const
