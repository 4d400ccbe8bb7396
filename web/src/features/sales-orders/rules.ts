import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'

type Limit = { maxLength?: number; minimum?: number; maximum?: number; pattern?: string }

/**
 * Field limits of the order and type forms, read from the server's OpenAPI schema (the huma tags
 * of its inputs, generated into src/api/gen/limits.ts), never typed here: create and update carry
 * the same limits (rules.test.ts holds them to it).
 */
export const orderLimits: Record<string, Limit> = limits.SalesorderUpdateSalesOrderInput
export const typeLimits: Record<string, Limit> = limits.SalesorderTypeInput

/** Characters as the server counts them (code points). */
export function charCount(text: string): number {
  return [...text].length
}

/** Required, checked on save (blank counts as missing). */
export function requiredRule(t: TFunction, field: string): Rule {
  return { required: true, whitespace: true, message: t('rule.required', { field }) }
}

/** A choice is required. */
export function selectRule(t: TFunction, field: string): Rule {
  return { required: true, message: t('rule.select', { field }) }
}

/** At most the field's maxLength characters (no rule when the server sets none). */
export function maxRules(t: TFunction, l: Record<string, Limit>, field: string): Rule[] {
  const max = l[field]?.maxLength
  if (max === undefined) return []
  return [
    {
      validator: (_r, value: unknown) =>
        typeof value === 'string' && charCount(value.trim()) > max ? Promise.reject(new Error(t('rule.max', { max }))) : Promise.resolve(),
    },
  ]
}

/** The bounds of a number field (min 0 when the server sets none: amounts are never negative). */
export function boundsOf(l: Record<string, Limit>, field: string): { min: number; max?: number } {
  return { min: l[field]?.minimum ?? 0, max: l[field]?.maximum }
}

/** The rules of a type's code: required, at most its length, the server's pattern when it has one. */
export function codeRules(t: TFunction, field: string): Rule[] {
  const p = typeLimits.code?.pattern
  const re = p ? new RegExp(p) : null
  return [
    requiredRule(t, field),
    ...maxRules(t, typeLimits, 'code'),
    {
      validator: (_r, value: unknown) =>
        re && typeof value === 'string' && value.trim() && !re.test(value.trim()) ? Promise.reject(new Error(t('rule.code'))) : Promise.resolve(),
    },
  ]
}
