import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import { MAX_LENGTH } from './api'

/** "Field length must be between {min} and {max}" (spec 001 §5). */
export function lengthRule(t: TFunction, max: number, min = 0): Rule {
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

/** The inline-edit check of one field: the message, or null when the value passes. */
export function checkItemField(field: string, value: unknown, t: TFunction, nameRequired: string): string | null {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
  const max = field === 'name' ? MAX_LENGTH.name : field === 'unit' ? MAX_LENGTH.unit : field === 'color' ? MAX_LENGTH.color : field === 'describe' || field === 'images' ? MAX_LENGTH.describe : MAX_LENGTH.text
  if (field === 'name' && !text.trim()) return nameRequired
  if (text.length > max) return t('fieldLength', { min: field === 'name' ? 1 : 0, max })
  if (['length', 'width', 'height', 'price', 'count'].includes(field) && value !== null && value !== undefined && value !== '' && Number(value) < 0)
    return t('numberMin', { min: 0 })
  return null
}
