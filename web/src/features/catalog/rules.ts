import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { limits } from '../../api/gen/limits'

/**
 * Field limits of the catalogue's forms, read from the server's OpenAPI schema (the huma tags
 * of its inputs, generated into src/api/gen/limits.ts), never typed here: a limit the server
 * changes changes the forms, and one it drops stops the build. The update inputs are read
 * (create and update carry the same limits; rules.test.ts holds them to it); parts add count
 * and size to the product fields.
 */
export const itemLimits = limits.CatalogUpdatePartInput
export const catalogLimits = limits.CatalogUpdateCatalogInput
export const standardLimits = limits.CatalogUpdateStandardProductInput

type Limit = { maxLength?: number; minimum?: number }

/** The limits of one item field (none for a field the server does not limit). */
export function itemLimit(field: string): Limit {
  return (itemLimits as Record<string, Limit>)[field] ?? {}
}

/** The limits of one standard product field. */
export function standardLimit(field: string): Limit {
  return (standardLimits as Record<string, Limit>)[field] ?? {}
}

/** Characters as the server counts them (code points, so 😀 is one). */
export function charCount(text: string): number {
  return [...text].length
}

/** "Field length must be between {min} and {max}" (spec 001 §5). */
export function lengthRule(t: TFunction, max: number | undefined, min = 0): Rule {
  return { max, min, message: t('fieldLength', { min, max }) }
}

/** Required, checked when the field loses focus and on save. */
export function requiredRule(message: string): Rule {
  return { required: true, whitespace: true, message }
}

/** Numbers at least `min`. */
export function minRule(t: TFunction, min = 0): Rule {
  return { type: 'number', min, message: t('numberMin', { min }) }
}

const NUMBER_FIELDS = new Set(['length', 'width', 'height', 'price', 'count'])

/** The inline-edit check of one field: the message, or null when the value passes. */
export function checkItemField(field: string, value: unknown, t: TFunction, nameRequired: string): string | null {
  const { maxLength, minimum } = itemLimit(field)
  if (NUMBER_FIELDS.has(field)) {
    if (value === null || value === undefined || value === '') return null
    return minimum !== undefined && Number(value) < minimum ? t('numberMin', { min: minimum }) : null
  }
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
  if (field === 'name' && !text.trim()) return nameRequired
  if (maxLength !== undefined && charCount(text) > maxLength) return t('fieldLength', { min: field === 'name' ? 1 : 0, max: maxLength })
  return null
}
