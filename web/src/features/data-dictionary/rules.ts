import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'

/**
 * Field limits of the data dictionary forms, read from the server's OpenAPI schema (the huma tags
 * of its inputs, generated into src/api/gen/limits.ts), never typed here: create and update carry
 * the same limits (rules.test.ts holds them to it).
 */
export const dictionaryLimits = limits.DatadictionaryUpdateDictionaryInput
export const detailLimits = limits.DatadictionaryUpdateDetailInput

/** What a code may hold (the server's pattern): letters, digits, '.', '_' and '-'. */
export const CODE_PATTERN = new RegExp(dictionaryLimits.code.pattern)

/** Characters as the server counts them (code points). */
export function charCount(text: string): number {
  return [...text].length
}

/** Required, checked on save (blank counts as missing). */
export function requiredRule(t: TFunction, field: string): Rule {
  return { required: true, whitespace: true, message: t('rule.required', { field }) }
}

/** At most max characters, counted as the server counts them. */
export function maxRule(t: TFunction, max: number): Rule {
  return {
    validator: (_r, value: unknown) =>
      typeof value === 'string' && charCount(value.trim()) > max ? Promise.reject(new Error(t('rule.max', { max }))) : Promise.resolve(),
  }
}

/** A code: the server's pattern. */
export function codeRule(t: TFunction): Rule {
  return {
    validator: (_r, value: unknown) =>
      typeof value === 'string' && value.trim() && !CODE_PATTERN.test(value.trim()) ? Promise.reject(new Error(t('rule.code'))) : Promise.resolve(),
  }
}

/** The rules of a code field. */
export function codeRules(t: TFunction, field: string, max: number): Rule[] {
  return [requiredRule(t, field), maxRule(t, max), codeRule(t)]
}

/**
 * Whether the details of a new dictionary break a rule the server checks across rows: codes
 * repeated (without regard to case) or more than one default. Answers, per row index, the field
 * and message key.
 */
export function detailListProblems(rows: readonly { code?: string; isDefault?: boolean; isEnable?: boolean }[]): { index: number; field: 'code' | 'isDefault'; key: string }[] {
  const out: { index: number; field: 'code' | 'isDefault'; key: string }[] = []
  const seen = new Set<string>()
  let defaults = 0
  rows.forEach((r, index) => {
    const code = (r?.code ?? '').trim().toLowerCase()
    if (code) {
      if (seen.has(code)) out.push({ index, field: 'code', key: 'rule.duplicateCode' })
      seen.add(code)
    }
    if (r?.isDefault) {
      defaults++
      if (r.isEnable === false) out.push({ index, field: 'isDefault', key: 'rule.defaultDisabled' })
      else if (defaults > 1) out.push({ index, field: 'isDefault', key: 'rule.oneDefault' })
    }
  })
  return out
}
