import { ExprError, evalExpr, exprErrorText, exprVars, parseExpr, type Expr, type ExprValues } from '../../components/expr'
import type { BatchLine, BatchUpdateBody, DetailColumn, Line, LineFile, LineTableKey, Widget } from './types'

/**
 * The line editing rules of the order screen (spec 000 §3, §5; docs/decisions/0011 "Detail
 * lines", "Expressions"): where a column's value lives, what an empty widget means, the computed
 * columns evaluated while the user types (the server evaluates them again on save and its figures
 * replace these), and the batch-update body the page sends when the user leaves the order.
 */

/** The line fields a column key may name directly; any other key lives in `values`. */
export const BUILTIN_FIELDS = ['name', 'code', 'length', 'width', 'height', 'color', 'unit', 'price', 'count', 'amount', 'remark', 'cabinet'] as const
export type BuiltinField = (typeof BUILTIN_FIELDS)[number]
const BUILTIN = new Set<string>(BUILTIN_FIELDS)
/** Built-in fields that hold numbers (an expression may read them even when no column shows them). */
export const NUMBER_FIELDS: readonly BuiltinField[] = ['length', 'width', 'height', 'price', 'count', 'amount']
const NUMBER = new Set<string>(NUMBER_FIELDS)

/** A line being edited: a server line, or a new one (its id starts with NEW_PREFIX, its fields are those typed). */
export type LineDraft = Partial<Omit<Line, 'id' | 'values'>> & { id: string; values: Record<string, unknown> }

/** Ids of lines typed in on the page and not saved yet. */
export const NEW_PREFIX = 'new:'
export const isNewLine = (id: string) => id.startsWith(NEW_PREFIX)

/** The server line as a draft: `values` always an object (a JSON text is read). */
export function toDraft(line: Line | LineDraft): LineDraft {
  let values: Record<string, unknown> = {}
  const v: unknown = line.values
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed as Record<string, unknown>
    } catch {
      values = {}
    }
  } else if (v && typeof v === 'object') values = { ...(v as Record<string, unknown>) }
  return { ...line, values }
}

export function isBuiltin(key: string): key is BuiltinField {
  return BUILTIN.has(key)
}

/** The widget a column edits with: its configured one, else number for the built-in number fields, else text. */
export function widgetOf(c: DetailColumn): Widget {
  if (c.widget === 'number' || c.widget === 'boolean' || c.widget === 'text' || c.widget === 'file') return c.widget
  return NUMBER.has(c.key) ? 'number' : 'text'
}

/** The column's heading: title, else displayName, else its key. */
export function columnTitle(c: DetailColumn): string {
  return c.title || c.displayName || c.key
}

/** The stored value of a column in a line. */
export function cellValue(line: LineDraft, key: string): unknown {
  if (isBuiltin(key)) return line[key]
  return line.values[key]
}

/** The line with one column's value replaced (a built-in field, or an entry of values). */
export function withCell(line: LineDraft, key: string, value: unknown): LineDraft {
  if (isBuiltin(key)) return { ...line, [key]: value } as LineDraft
  return { ...line, values: { ...line.values, [key]: value } }
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '')

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v)
    return Number.isFinite(n) ? n : null
  }
  return null
}

function toBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0
  if (typeof v === 'string') return ['true', '1', 'y', 'yes', '是'].includes(v.trim().toLowerCase())
  return false
}

/**
 * The value a column counts with (spec 000 §5): an empty number widget is 1, an empty boolean
 * false; a number widget holding text that is no number stays as it is (the expression reports it).
 */
export function effectiveValue(c: DetailColumn, raw: unknown): unknown {
  switch (widgetOf(c)) {
    case 'number':
      if (isEmpty(raw)) return 1
      return toNumber(raw) ?? raw
    case 'boolean':
      return isEmpty(raw) ? false : toBoolean(raw)
    default:
      return raw ?? ''
  }
}

/** A column's configured default for a new line, else the widget's: 1, false, no file or empty. */
export function defaultValueOf(c: DetailColumn): unknown {
  if (widgetOf(c) === 'file') return []
  if (!isEmpty(c.defaultValue)) return effectiveValue(c, c.defaultValue)
  switch (widgetOf(c)) {
    case 'number':
      return 1
    case 'boolean':
      return false
    default:
      return ''
  }
}

/** A computed column parsed, or the reason it cannot be. */
interface Computed {
  column: DetailColumn
  expr: Expr | null
  error: ExprError | null
}

/**
 * The computed columns in an order where each comes after the computed columns it reads
 * (amount after area when amount = area × price). A cycle keeps the configured order; the
 * server refuses such a configuration anyway.
 */
export function computeOrder(columns: readonly DetailColumn[]): Computed[] {
  const parsed: Computed[] = columns
    .filter((c) => !!c.compute && c.compute.trim() !== '')
    .map((column) => {
      try {
        return { column, expr: parseExpr(column.compute as string), error: null }
      } catch (e) {
        if (e instanceof ExprError) return { column, expr: null, error: e }
        throw e
      }
    })
  const byKey = new Map(parsed.map((p) => [p.column.key, p]))
  const out: Computed[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (p: Computed) => {
    const s = state.get(p.column.key)
    if (s) return
    state.set(p.column.key, 'visiting')
    for (const v of p.expr ? exprVars(p.expr) : []) {
      const dep = byKey.get(v)
      if (dep && dep !== p) visit(dep)
    }
    state.set(p.column.key, 'done')
    out.push(p)
  }
  parsed.forEach(visit)
  return out
}

/** The variables an expression sees: every column's counted value and the built-in number fields. */
export function exprValues(line: LineDraft, columns: readonly DetailColumn[]): ExprValues {
  const vars: ExprValues = {}
  for (const f of NUMBER_FIELDS) {
    const v = line[f]
    vars[f] = v === null || v === undefined ? null : v
  }
  for (const c of columns) {
    if (widgetOf(c) === 'file') continue // no expression reads files (the server refuses such a formula)
    const v = effectiveValue(c, cellValue(line, c.key))
    vars[c.key] = typeof v === 'boolean' ? (v ? 1 : 0) : (v as number | string | null)
  }
  return vars
}

/** The files a file column's value holds: a list of {id, fileName}; anything else is none. */
export function filesOf(v: unknown): LineFile[] {
  if (!Array.isArray(v)) return []
  const out: LineFile[] = []
  for (const it of v as unknown[]) {
    if (!it || typeof it !== 'object') continue
    const { id, fileName } = it as { id?: unknown; fileName?: unknown }
    if (typeof id === 'string' && id) out.push({ id, fileName: typeof fileName === 'string' ? fileName : '' })
  }
  return out
}

/** The ids of every file the line's file columns hold. */
export function fileIdsOf(line: LineDraft, columns: readonly DetailColumn[]): Set<string> {
  const ids = new Set<string>()
  for (const c of columns) if (widgetOf(c) === 'file') for (const f of filesOf(cellValue(line, c.key))) ids.add(f.id)
  return ids
}

/** A line after recomputing: its computed columns set, and the error of each that failed, by key. */
export interface Recomputed {
  line: LineDraft
  errors: Record<string, ExprError>
}

/**
 * Evaluates the computed columns of a line, each with the values of the line as they are now
 * (computed ones included, in dependency order). A column whose expression fails is left empty
 * and its error returned.
 */
export function recompute(line: LineDraft, columns: readonly DetailColumn[]): Recomputed {
  let out = line
  const errors: Record<string, ExprError> = {}
  for (const { column, expr, error } of computeOrder(columns)) {
    if (!expr) {
      errors[column.key] = error as ExprError
      out = withCell(out, column.key, null)
      continue
    }
    try {
      out = withCell(out, column.key, Number(evalExpr(expr, exprValues(out, columns))))
    } catch (e) {
      if (!(e instanceof ExprError)) throw e
      errors[column.key] = e
      out = withCell(out, column.key, null)
    }
  }
  return { line: out, errors }
}

/** The text of an expression error in a language. */
export function computeErrorText(e: ExprError, language: string): string {
  return exprErrorText(e, language)
}

/** True when the column is computed (shown, never edited). */
export const isComputed = (c: DetailColumn) => !!c.compute && c.compute.trim() !== ''

/** A new, empty line of a table: each column's default, the computed ones evaluated. */
export function newLine(id: string, table: LineTableKey, columns: readonly DetailColumn[]): LineDraft {
  let line: LineDraft = { id, table, values: {} }
  for (const c of columns) if (!isComputed(c)) line = withCell(line, c.key, defaultValueOf(c))
  return recompute(line, columns).line
}

/** The fields a line of the batch update carries (the server's LineInput). */
export const BATCH_FIELDS = ['sourceId', ...BUILTIN_FIELDS, 'values', 'concurrencyStamp'] as const

/**
 * The line as the batch update sends it: the configured widgets' empty values replaced by their
 * defaults (number 1, boolean false), only the fields a line input has, the id left out for a
 * new line. Amount and computed values go along but the server computes its own.
 */
export function toBatchLine(line: LineDraft, columns: readonly DetailColumn[]): BatchLine {
  let out: LineDraft = line
  for (const c of columns) {
    if (isComputed(c) || widgetOf(c) === 'text') continue
    if (widgetOf(c) === 'file') {
      out = withCell(out, c.key, filesOf(cellValue(out, c.key)))
      continue
    }
    out = withCell(out, c.key, effectiveValue(c, cellValue(out, c.key)))
  }
  const body: Record<string, unknown> = isNewLine(out.id) ? {} : { id: out.id }
  for (const f of BATCH_FIELDS) {
    const v = out[f]
    if (v !== undefined && !(f === 'concurrencyStamp' && !v) && !(f === 'sourceId' && !v)) body[f] = v
  }
  return body as BatchLine
}

export type { BatchLine, BatchUpdateBody }
