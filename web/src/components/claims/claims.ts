import dayjs from 'dayjs'

// PROVISIONAL until the generated types hold the claimtypes area (then Schemas['Claimtypes…']).
/** One claim of a user or a role: {claimType, claimValue} (spec 002 §3 User claim). */
export interface Claim {
  claimType: string
  claimValue: string
}

/** A claim type as GET /api/identity/{users|roles}/all-claim-types lists it (spec 002 §3 Claim type). */
export interface ClaimType {
  id: string
  name: string
  /** String 0, Int 1, Boolean 2, DateTime 3. */
  valueType: ClaimValueType
  required: boolean
  regex?: string | null
  regexDescription?: string | null
  description?: string | null
  isStatic?: boolean
}

export type ClaimValueType = 0 | 1 | 2 | 3
export const VALUE_TYPE = { String: 0, Int: 1, Boolean: 2, DateTime: 3 } as const

/** A row of the editor: a claim being edited (type may be unset until chosen). */
export interface ClaimRow {
  /** A key of the row in the editor only. */
  key: string
  claimType?: string
  claimValue: string
}

/** Why a row cannot be saved: a text key of the claims namespace and its values. */
export interface ClaimProblem {
  key: string
  values: Record<string, string>
}

/** A JSON array or `{items}`: the claim lists and the claim types come either way. */
export function itemsOf<T>(answer: T[] | { items?: T[] | null } | null | undefined): T[] {
  if (!answer) return []
  if (Array.isArray(answer)) return answer
  return answer.items ?? []
}

const INT = /^[+-]?\d+$/

/** The regex of a claim type, or null when it has none or it does not compile (the server then decides). */
function compiled(regex: string | null | undefined): RegExp | null {
  if (!regex) return null
  try {
    return new RegExp(regex)
  } catch {
    return null
  }
}

/**
 * What is wrong with one claim value for its type (the checks the server makes when it saves,
 * made early so the user sees them on the row): a type is chosen and exists; a required type
 * has a value; Int, Boolean and DateTime values parse; a regex matches (the message uses the
 * type's regexDescription when it has one). An empty value of a type that is not required is
 * left to the server.
 */
export function claimProblem(row: Pick<ClaimRow, 'claimType' | 'claimValue'>, types: readonly ClaimType[]): ClaimProblem | null {
  if (!row.claimType) return { key: 'rule.typeRequired', values: {} }
  const type = types.find((t) => t.name === row.claimType)
  const name = row.claimType
  if (!type) return { key: 'rule.unknownType', values: { type: name } }
  const value = row.claimValue ?? ''
  if (value.trim() === '') return type.required ? { key: 'rule.required', values: { type: name } } : null
  switch (type.valueType) {
    case VALUE_TYPE.Int:
      if (!INT.test(value.trim())) return { key: 'rule.int', values: { type: name } }
      break
    case VALUE_TYPE.Boolean:
      if (!/^(true|false)$/i.test(value.trim())) return { key: 'rule.boolean', values: { type: name } }
      break
    case VALUE_TYPE.DateTime:
      if (!dayjs(value.trim()).isValid()) return { key: 'rule.dateTime', values: { type: name } }
      break
  }
  const re = compiled(type.regex)
  if (re && !re.test(value.trim())) {
    return type.regexDescription
      ? { key: 'rule.regexWith', values: { type: name, description: type.regexDescription } }
      : { key: 'rule.regex', values: { type: name } }
  }
  return null
}

/** The problems of every row by row key, duplicates (same type and value) included. */
export function rowProblems(rows: readonly ClaimRow[], types: readonly ClaimType[]): Map<string, ClaimProblem> {
  const out = new Map<string, ClaimProblem>()
  const seen = new Set<string>()
  for (const r of rows) {
    const p = claimProblem(r, types)
    if (p) {
      out.set(r.key, p)
      continue
    }
    const id = `${r.claimType}\u0000${r.claimValue.trim()}`
    if (seen.has(id)) out.set(r.key, { key: 'rule.duplicate', values: { type: r.claimType ?? '', value: r.claimValue.trim() } })
    seen.add(id)
  }
  return out
}

/** The PUT body: every row as {claimType, claimValue}, values trimmed. */
export function toClaims(rows: readonly ClaimRow[]): Claim[] {
  return rows.filter((r) => r.claimType).map((r) => ({ claimType: r.claimType!, claimValue: r.claimValue.trim() }))
}

let nextKey = 0
/** Editor rows of stored claims. */
export function toRows(claims: readonly Claim[]): ClaimRow[] {
  return claims.map((c) => ({ key: `c${++nextKey}`, claimType: c.claimType, claimValue: c.claimValue ?? '' }))
}

/** An empty row to fill in. */
export function newRow(): ClaimRow {
  return { key: `c${++nextKey}`, claimValue: '' }
}

/** How a DateTime value is stored: RFC 3339 in UTC. */
export function dateTimeValue(d: dayjs.Dayjs | null): string {
  return d ? d.toDate().toISOString().replace(/\.\d{3}Z$/, 'Z') : ''
}
