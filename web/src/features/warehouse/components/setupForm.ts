import type { FormInstance } from 'antd'
import type { TFunction } from 'i18next'
import { HttpError, errorToMessage, validationErrorsByField } from '../../../components'

/**
 * Puts a refused save's validation messages (already in the user's language) on the form's
 * fields, and answers what is left to say in a toast: the message of an error no field holds
 * (a stale stamp, a row deleted meanwhile), or null when every message found its field.
 */
export function putServerErrors<T>(form: FormInstance<T>, e: unknown, fields: ReadonlySet<string>, tApp: TFunction): string | null {
  const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
  const known = Object.entries(byField).filter(([f]) => fields.has(f))
  if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as never, errors: [msg] })))
  if (known.length && known.length === Object.keys(byField).length) return null
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  return errorToMessage(failed, tApp).message
}

/** The message of a failed call (a refused delete names what holds stock). */
export function failureMessage(e: unknown, tApp: TFunction): string {
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  return errorToMessage(failed, tApp).message
}

/** A code as the server takes it: letters, digits and - _ . (internal/warehouse codeOK). */
export const CODE_PATTERN = /^[\p{L}\p{Nd}._-]+$/u
