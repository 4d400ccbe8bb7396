/**
 * The page's own checks of a table's columns, before anything is sent: keys (the identifiers
 * the expression language can name, each once) and formulas (parsed with the expression
 * language the server uses, its message in the user's language). What needs the whole table
 * (a formula naming a text column, a cycle) the server checks on Save, naming table and column.
 */
import { ExprError, exprErrorText, parseExpr } from '../../components/expr'
import type { DetailColumn } from './types'

/** A column key: letters, digits and _, not starting with a digit, at most 64 (the server's rule). */
export const COLUMN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** Limits of a column's texts (internal/orderdetail/config.go). */
export const COLUMN_LIMITS = { text: 64, defaultValue: 128, compute: 500, width: 2000 } as const

/** The problems of one column, by field. */
export type ColumnProblems = Partial<Record<'key' | 'compute' | 'widget' | 'defaultValue', string>>

type Translate = (key: string, opts?: Record<string, unknown>) => string

/** The message of a formula that does not parse, in the language; null when it parses (or is empty). */
export function computeError(compute: string | undefined, language: string): string | null {
  const src = (compute ?? '').trim()
  if (!src) return null
  try {
    parseExpr(src)
    return null
  } catch (e) {
    if (e instanceof ExprError) return exprErrorText(e, language)
    throw e
  }
}

/** Every column's problems (by index; columns without any are absent). */
export function checkColumns(columns: readonly DetailColumn[], t: Translate, language: string): Record<number, ColumnProblems> {
  const out: Record<number, ColumnProblems> = {}
  const seen = new Set<string>()
  columns.forEach((c, i) => {
    const p: ColumnProblems = {}
    const key = c.key.trim()
    if (!key) p.key = t('column.keyRequired')
    else if (!COLUMN_KEY.test(key)) p.key = t('column.keyInvalid')
    else if (seen.has(key)) p.key = t('column.keyTwice', { key })
    seen.add(key)
    const compute = computeError(c.compute, language)
    if (compute) p.compute = compute
    else if (c.compute?.trim() && c.widget === 'file') p.compute = t('column.fileComputed')
    else if (c.compute?.trim() && (c.widget === 'text' || c.widget === 'boolean')) p.widget = t('column.computedNumber')
    if (c.widget === 'file' && c.defaultValue?.trim()) p.defaultValue = t('column.fileDefault')
    if (Object.keys(p).length) out[i] = p
  })
  return out
}
