import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'

/**
 * Field limits of the material and board forms, read from the server's OpenAPI schema (the huma
 * tags of its inputs, generated into src/api/gen/limits.ts), never typed here.
 */
export const materialLimits = limits.OptimizationUpdateMaterialInput
export const boardLimits = limits.OptimizationMaterialBoardInput

/** Characters as the server counts them (code points). */
export function charCount(text: string): number {
  return [...text].length
}

/** Required, checked on save (blank counts as missing). */
export function requiredRule(t: TFunction, field: string): Rule {
  return { required: true, whitespace: true, message: t('rule.required', { field }) }
}

/** A number is required. */
export function requiredNumberRule(t: TFunction, field: string): Rule {
  return { required: true, type: 'number', message: t('rule.required', { field }) }
}

/** At most max characters, counted as the server counts them. */
export function maxRule(t: TFunction, max: number): Rule {
  return {
    validator: (_r, value: unknown) =>
      typeof value === 'string' && charCount(value.trim()) > max ? Promise.reject(new Error(t('rule.max', { max }))) : Promise.resolve(),
  }
}

/** A number within the server's range: above `exclusiveMinimum` or at least `minimum`, at most `maximum`. */
export function rangeRule(t: TFunction, field: string, l: { minimum?: number; exclusiveMinimum?: number; maximum?: number }): Rule {
  return {
    validator: (_r, value: unknown) => {
      if (value === null || value === undefined || value === '') return Promise.resolve()
      const n = Number(value)
      if (!Number.isFinite(n)) return Promise.reject(new Error(t('rule.number', { field })))
      if (l.exclusiveMinimum !== undefined && n <= l.exclusiveMinimum) return Promise.reject(new Error(t('rule.positive', { field })))
      if (l.minimum !== undefined && n < l.minimum) return Promise.reject(new Error(t('rule.min', { field, min: l.minimum })))
      if (l.maximum !== undefined && n > l.maximum) return Promise.reject(new Error(t('rule.maxValue', { field, max: l.maximum })))
      return Promise.resolve()
    },
  }
}

/** A whole number (a quantity). */
export function wholeRule(t: TFunction, field: string): Rule {
  return {
    validator: (_r, value: unknown) =>
      value === null || value === undefined || value === '' || Number.isInteger(Number(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t('rule.whole', { field }))),
  }
}

/** The default code of a board the server gives a blank one: `{length}x{width}`. */
export function defaultBoardCode(length: unknown, width: unknown): string {
  const l = Number(length)
  const w = Number(width)
  return Number.isFinite(l) && Number.isFinite(w) && l > 0 && w > 0 ? `${l}x${w}` : ''
}

/** Rows whose board code (given, or the server's default) repeats an earlier row's, without regard to case. */
export function duplicateBoardRows(rows: readonly { code?: string; length?: number | null; width?: number | null }[]): number[] {
  const seen = new Set<string>()
  const out: number[] = []
  rows.forEach((r, i) => {
    const code = ((r?.code ?? '').trim() || defaultBoardCode(r?.length, r?.width)).toLowerCase()
    if (!code) return
    if (seen.has(code)) out.push(i)
    seen.add(code)
  })
  return out
}
