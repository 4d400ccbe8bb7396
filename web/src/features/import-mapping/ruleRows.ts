import type { FormMappingRule, ItemMapping, MappingRule, ValueType } from './types'
import { VALUE_TYPE_BOOLEAN, VALUE_TYPE_ENUMERATION } from './types'

/** Where a rule's values come from: the spreadsheet column, or a member path of a JSON document. */
export type RuleSource = 'column' | 'field'

/** How an enumeration or boolean rule maps cell texts: not at all, its own pairs, or a dictionary's items. */
export type MappingKind = 'none' | 'inline' | 'dictionary'

/** One row of the rule editor, as the user edits it. */
export interface RuleRow {
  /** A local key for React and for the row's errors (not sent). */
  key: string
  /** The column letters as typed (A, B, …, AA); the stored columnIndex is 0-based. */
  column: string
  /** The member path of a form field mapping's rule. */
  sourceField: string
  fieldName: string
  valueType: ValueType
  required: boolean
  defaultValue: string
  mappingKind: MappingKind
  itemsMapping: ItemMapping[]
  dictionaryCode: string
}

let next = 0
/** A fresh key for a new row. */
export const rowKey = () => `rule-${++next}`

// ---------------------------------------------------------------- column letters

/** The spreadsheet letters of a 0-based column: 0 → A, 25 → Z, 26 → AA, 701 → ZZ, 702 → AAA. */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0) return ''
  let n = index + 1
  let out = ''
  while (n > 0) {
    const r = (n - 1) % 26
    out = String.fromCharCode(65 + r) + out
    n = Math.floor((n - 1) / 26)
  }
  return out
}

/** The 0-based column of letters (any case, surrounding blanks ignored), or null when they are not letters. */
export function parseColumn(text: string): number | null {
  const s = text.trim().toUpperCase()
  if (!/^[A-Z]{1,4}$/.test(s)) return null
  let n = 0
  for (const ch of s) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n - 1
}

/** Whether a value type maps cell texts to values (and so may take pairs or a dictionary). */
export function takesValueMapping(valueType: ValueType): boolean {
  return valueType === VALUE_TYPE_ENUMERATION || valueType === VALUE_TYPE_BOOLEAN
}

// ---------------------------------------------------------------- rows ↔ rules

/** A new row: the column after the last one used, the text type. */
export function newRow(rows: readonly RuleRow[]): RuleRow {
  const used = rows.map((r) => parseColumn(r.column)).filter((n): n is number => n !== null)
  const col = used.length ? Math.max(...used) + 1 : 0
  return {
    key: rowKey(),
    column: columnLetter(col),
    sourceField: '',
    fieldName: '',
    valueType: 0,
    required: false,
    defaultValue: '',
    mappingKind: 'none',
    itemsMapping: [],
    dictionaryCode: '',
  }
}

type AnyRule = Partial<MappingRule> & Partial<Pick<FormMappingRule, 'sourceField'>>

/**
 * The pairs of a saved itemsMapping (a JSON array of {source, target}; targets may be numbers or
 * booleans, kept as text). Text that is not such an array gives no pairs.
 */
export function parseItems(text: string | null | undefined): ItemMapping[] {
  if (!text || !text.trim()) return []
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))
  return data.filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null).map((p) => ({ source: asText(p.source), target: asText(p.target) }))
}

/** The pairs as the itemsMapping text the server keeps ('' for none). */
export function itemsJson(pairs: readonly ItemMapping[]): string {
  return pairs.length ? JSON.stringify(pairs.map((p) => ({ source: p.source, target: p.target }))) : ''
}

/** The editor's row of a saved rule. */
export function toRow(rule: AnyRule): RuleRow {
  const pairs = parseItems(rule.itemsMapping)
  const dict = rule.dictionaryCode ?? ''
  return {
    key: rowKey(),
    column: typeof rule.columnIndex === 'number' ? columnLetter(rule.columnIndex) : '',
    sourceField: rule.sourceField ?? '',
    fieldName: rule.fieldName ?? '',
    valueType: (rule.valueType ?? 0) as ValueType,
    required: !!rule.required,
    defaultValue: rule.defaultValue ?? '',
    mappingKind: dict ? 'dictionary' : pairs.length ? 'inline' : 'none',
    itemsMapping: pairs.map((p) => ({ source: p.source ?? '', target: p.target ?? '' })),
    dictionaryCode: dict,
  }
}

/** The mapping part of a rule: pairs or a dictionary, only for types that map values. */
function mappingOf(row: RuleRow): Pick<MappingRule, 'itemsMapping' | 'dictionaryCode'> {
  if (!takesValueMapping(row.valueType) || row.mappingKind === 'none') return { itemsMapping: '', dictionaryCode: '' }
  if (row.mappingKind === 'dictionary') return { itemsMapping: '', dictionaryCode: row.dictionaryCode.trim() }
  return { itemsMapping: itemsJson(row.itemsMapping.map((p) => ({ source: p.source.trim(), target: p.target.trim() }))), dictionaryCode: '' }
}

/** The import rule mapping's rule of a row (its column letters as a 0-based index). */
export function toColumnRule(row: RuleRow): MappingRule {
  return {
    columnIndex: parseColumn(row.column) ?? -1,
    fieldName: row.fieldName,
    valueType: row.valueType,
    required: row.required,
    defaultValue: row.defaultValue.trim(),
    ...mappingOf(row),
  }
}

/** The form field mapping's rule of a row. */
export function toFieldRule(row: RuleRow): FormMappingRule {
  return {
    sourceField: row.sourceField.trim(),
    fieldName: row.fieldName,
    valueType: row.valueType,
    required: row.required,
    defaultValue: row.defaultValue.trim(),
    ...mappingOf(row),
  }
}

/** Moves the item at `from` to `to` (both indexes of `list`), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const out = [...list]
  const [it] = out.splice(from, 1)
  out.splice(to, 0, it)
  return out
}
