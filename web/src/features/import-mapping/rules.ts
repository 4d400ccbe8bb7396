import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'
import { itemsJson, parseColumn, takesValueMapping, type RuleRow, type RuleSource } from './ruleRows'
import { VALUE_TYPE_ENUMERATION, type DictionaryWithDetails, type ModuleField, type SplitRule } from './types'

/**
 * Field limits of the mapping forms, read from the server's OpenAPI schema (the huma tags of
 * its inputs, generated into src/api/gen/limits.ts), never typed here (rules.test.ts holds
 * create and update to the same limits).
 */
export const mappingLimits = limits.ImportmappingUpdateImportRuleMappingInput
export const formMappingLimits = limits.ImportmappingUpdateFormFieldMappingInput
export const splitMappingLimits = limits.ImportmappingUpdateImportSplitMappingInput
export const ruleLimits = { ...limits.ImportmappingMappingRule, sourceField: limits.ImportmappingFormFieldRule.sourceField }
export const splitRuleLimits = limits.ImportmappingSplitRule

/** Characters as the server counts them (code points, so 😀 is one). */
export function charCount(text: string): number {
  return [...text].length
}

/** Required, checked when the field loses focus and on save. */
export function requiredRule(message: string): Rule {
  return { required: true, whitespace: true, message }
}

/** At most `max` characters. */
export function maxRule(t: TFunction, max: number): Rule {
  return {
    validator: (_r, v: unknown) => (typeof v === 'string' && charCount(v) > max ? Promise.reject(new Error(t('rule.max', { max }))) : Promise.resolve()),
  }
}

/** A default mapping must be enabled (the server's rule), checked again when "enabled" changes. */
export function defaultNeedsEnabled(t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: (_r, v: unknown) => (v && getFieldValue('isEnable') === false ? Promise.reject(new Error(t('rule.defaultDisabled'))) : Promise.resolve()),
  })
}

/** The cells of a rule row that can carry an error. */
export type RuleCell = 'column' | 'sourceField' | 'fieldName' | 'valueType' | 'defaultValue' | 'mapping'

/** Problems of the rule rows: row key → cell → message; `list` for the rules as a whole. */
export interface RuleProblems {
  rows: Record<string, Partial<Record<RuleCell, string>>>
  list?: string
}

export function hasProblems(p: RuleProblems): boolean {
  return !!p.list || Object.values(p.rows).some((r) => Object.keys(r).length > 0)
}

// ---------------------------------------------------------------- reading values as the server does

/** How the server compares sources: trimmed, without regard to case. */
export function fold(s: string): string {
  return s.trim().toLowerCase()
}

/** Full-width digits and signs (１２．５) as ASCII, as the server reads them. */
function narrow(s: string): string {
  return s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
}

const NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?$/

/** A number as sheetmap reads it (thousands commas, at most 18 significant digits), else null. */
export function readNumber(text: string): { digits: string; fraction: string } | null {
  const s = narrow(text.trim())
  if (!NUMBER.test(s) || !/\d/.test(s)) return null
  const [whole, fraction = ''] = s.replace(/^[+-]/, '').replace(/,/g, '').split('.')
  const sig = (whole + fraction).replace(/^0+/, '')
  if (sig.length > 18) return null
  return { digits: whole, fraction }
}

const TRUE_TEXTS = ['是', 'true', '1', 'y', 'yes', '对', '√']
const FALSE_TEXTS = ['否', 'false', '0', 'n', 'no', '不', '×']

function civil(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > 31) return false
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCDate() === d && t.getUTCMonth() === m - 1
}

/** A date as sheetmap reads it: an Excel serial number, yyyymmdd, or year-first with - / . or 年月日 and an optional time. */
export function isDate(text: string): boolean {
  const s = text.trim()
  if (/^\d{8}$/.test(s)) return civil(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6))
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) {
    const f = Number(s)
    return f >= 1 && f < 2958466
  }
  const cut = s.search(/[ T]/)
  let date = s
  let clock = ''
  if (cut > 0) {
    date = s.slice(0, cut)
    clock = s.slice(cut + 1).trim()
  }
  date = date.replace(/年|月/g, '-').replace(/日/g, '').replace(/[/.]/g, '-')
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date)
  if (!m || !civil(+m[1], +m[2], +m[3])) return false
  if (!clock) return true
  const c = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(clock.replace(/Z$/, ''))
  return !!c && +c[1] <= 23 && +c[2] <= 59 && +(c[3] ?? 0) <= 59
}

/** Whether a text reads as a value of the type (blank always does). */
export function readsAs(valueType: number, text: string): boolean {
  const v = text.trim()
  if (!v) return true
  switch (valueType) {
    case 1: {
      const n = readNumber(v)
      return !!n && /^0*$/.test(n.fraction)
    }
    case 2:
      return !!readNumber(v)
    case 3:
      return TRUE_TEXTS.includes(v.toLowerCase()) || FALSE_TEXTS.includes(v.toLowerCase())
    case 4:
      return isDate(v)
    default:
      return true
  }
}

/** A member path sheetmap can follow: order.customer.name, lines[0].name, lines.0.name. */
export function validPath(path: string): boolean {
  if (!path) return false
  return path.split('.').every((seg) => seg !== '' && /^[^[\]]*(\[\d+\])*$/.test(seg))
}

// ---------------------------------------------------------------- the rules of a mapping

export interface CheckRulesOptions {
  source: RuleSource
  /** The fields the rules may target (the module type's); empty when unknown (not checked then). */
  fields: readonly ModuleField[]
  /** The data dictionaries there are, with their items (not checked when undefined). */
  dictionaries?: readonly DictionaryWithDetails[]
}

/**
 * The rule editor's checks, the server's (internal/importmapping checkRule): at least one rule;
 * a column (letters, each column once) or a source path (each once); a target field of the
 * module type, filled by one rule only, read as its own type or as an enumeration; every
 * required field of the module type mapped; a default value the rule can read; and for an
 * enumeration its values (pairs with a source each, no source twice, or a dictionary there is).
 */
export function checkRules(rows: readonly RuleRow[], t: TFunction, { source, fields, dictionaries }: CheckRulesOptions): RuleProblems {
  const out: RuleProblems = { rows: {} }
  const byName = new Map(fields.map((f) => [f.name, f]))
  const count = (key: (r: RuleRow) => string) => {
    const m = new Map<string, number>()
    for (const r of rows) {
      const k = key(r)
      if (k) m.set(k, (m.get(k) ?? 0) + 1)
    }
    return m
  }
  const fieldCount = count((r) => r.fieldName)
  const columnCount = count((r) => String(parseColumn(r.column) ?? ''))
  const sourceCount = count((r) => r.sourceField.trim())

  if (!rows.length) out.list = t('rule.noRules')
  else if (rows.length > mappingLimits.mappingRules.maxItems) out.list = t('rule.tooManyRules', { max: mappingLimits.mappingRules.maxItems })
  else {
    const missing = fields.filter((f) => f.required && !fieldCount.has(f.name)).map((f) => f.displayName)
    if (missing.length) out.list = t('rule.requiredMissing', { fields: missing.join(', ') })
  }

  for (const r of rows) {
    const e: Partial<Record<RuleCell, string>> = {}
    if (source === 'column') {
      const col = parseColumn(r.column)
      if (!r.column.trim()) e.column = t('rule.columnRequired')
      else if (col === null || col > ruleLimits.columnIndex.maximum) e.column = t('rule.columnInvalid')
      else if ((columnCount.get(String(col)) ?? 0) > 1) e.column = t('rule.columnTwice', { column: r.column.trim().toUpperCase() })
    } else {
      const path = r.sourceField.trim()
      if (!path) e.sourceField = t('rule.sourceRequired')
      else if (charCount(path) > ruleLimits.sourceField.maxLength) e.sourceField = t('rule.max', { max: ruleLimits.sourceField.maxLength })
      else if (!validPath(path)) e.sourceField = t('rule.sourceInvalid')
      else if ((sourceCount.get(path) ?? 0) > 1) e.sourceField = t('rule.sourceTwice')
    }
    const field = byName.get(r.fieldName)
    if (!r.fieldName) e.fieldName = t('rule.fieldRequired')
    else if (byName.size && !field) e.fieldName = t('rule.fieldUnknown')
    else if ((fieldCount.get(r.fieldName) ?? 0) > 1) e.fieldName = t('rule.fieldTwice')

    if (field?.valueType !== undefined && r.valueType !== VALUE_TYPE_ENUMERATION && r.valueType !== field.valueType)
      e.valueType = t('rule.valueTypeOfField', { type: t(`valueType.${field.valueType}`) })

    const mapping = checkMapping(r, t, dictionaries)
    if (mapping) e.mapping = mapping
    const def = checkDefault(r, t, field, dictionaries)
    if (def) e.defaultValue = def
    if (Object.keys(e).length) out.rows[r.key] = e
  }
  return out
}

/** The type a rule's mapped value is read as: the field's own for an enumeration, else the rule's. */
function targetType(r: RuleRow, field?: ModuleField): number {
  return r.valueType === VALUE_TYPE_ENUMERATION ? (field?.valueType ?? 0) : r.valueType
}

/** The items a rule maps through: its pairs, or its dictionary's labels and codes (→ value); null when not known here. */
function itemsOf(r: RuleRow, dictionaries?: readonly DictionaryWithDetails[]): { source: string; target: string }[] | null {
  if (!takesValueMapping(r.valueType)) return []
  if (r.mappingKind === 'inline') return r.itemsMapping
  if (r.mappingKind === 'dictionary') {
    const d = dictionaries?.find((x) => x.code === r.dictionaryCode)
    if (!d) return null
    return (d.details ?? []).flatMap((i) => [
      { source: i.label, target: i.value },
      { source: i.code, target: i.value },
    ])
  }
  return []
}

/** The problem of a rule's default value: too long, or not readable the way the rule reads a cell. */
function checkDefault(r: RuleRow, t: TFunction, field?: ModuleField, dictionaries?: readonly DictionaryWithDetails[]): string | null {
  const v = r.defaultValue.trim()
  if (charCount(r.defaultValue) > ruleLimits.defaultValue.maxLength) return t('rule.max', { max: ruleLimits.defaultValue.maxLength })
  if (!v) return null
  const items = itemsOf(r, dictionaries)
  if (items === null) return null
  const hit = items.find((i) => fold(i.source) === fold(v))
  if (r.valueType === VALUE_TYPE_ENUMERATION) return hit || !items.length ? null : t('rule.defaultNotItem', { value: v })
  const type = targetType(r, field)
  return readsAs(type, hit ? hit.target : v) ? null : t(`rule.defaultNot.${type}`)
}

/** The problem of a row's value mapping, or null. */
export function checkMapping(r: RuleRow, t: TFunction, dictionaries?: readonly DictionaryWithDetails[]): string | null {
  if (!takesValueMapping(r.valueType)) return null
  if (r.mappingKind === 'dictionary') {
    if (!r.dictionaryCode) return t('rule.dictionaryRequired')
    if (dictionaries && !dictionaries.some((d) => d.code === r.dictionaryCode)) return t('rule.dictionaryUnknown', { code: r.dictionaryCode })
    return null
  }
  if (r.mappingKind === 'inline' && r.itemsMapping.length) {
    const seen = new Set<string>()
    for (const p of r.itemsMapping) {
      const s = p.source.trim()
      if (!s) return t('rule.pairSourceRequired')
      if (seen.has(fold(s))) return t('rule.pairSourceTwice', { source: s })
      seen.add(fold(s))
    }
    if (charCount(itemsJson(r.itemsMapping)) > ruleLimits.itemsMapping.maxLength) return t('rule.pairsTooLong')
    return null
  }
  return r.valueType === VALUE_TYPE_ENUMERATION ? t('rule.mappingRequired') : null
}

/** Problems of split rules: index → cell → message. */
export type SplitProblems = Record<number, Partial<Record<'fieldName' | 'value', string>>>

/**
 * A split rule names a field of the sales-order lines (when they are known); its value is needed
 * unless the operator tests for emptiness.
 */
export function checkSplitRules(rules: readonly SplitRule[], t: TFunction, fields: readonly ModuleField[] = []): SplitProblems {
  const known = new Set(fields.map((f) => f.name))
  const out: SplitProblems = {}
  rules.forEach((r, i) => {
    const e: Partial<Record<'fieldName' | 'value', string>> = {}
    const name = r.fieldName.trim()
    if (!name) e.fieldName = t('rule.fieldRequired')
    else if (known.size && !known.has(name)) e.fieldName = t('rule.splitFieldUnknown')
    if (operatorTakesValue(r.operator)) {
      const v = (r.value ?? '').trim()
      if (!v) e.value = t('rule.valueRequired')
      else if (charCount(v) > splitRuleLimits.value.maxLength) e.value = t('rule.max', { max: splitRuleLimits.value.maxLength })
    }
    if (Object.keys(e).length) out[i] = e
  })
  return out
}

/** isEmpty and isNotEmpty test the cell alone; the other operators compare it with a value. */
export function operatorTakesValue(op: string): boolean {
  return op !== 'isEmpty' && op !== 'isNotEmpty'
}
