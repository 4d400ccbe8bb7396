import { HttpError, errorToMessage, validationErrorsByField } from '../../../components'
import type { TFunction } from 'i18next'

/** A form field path: `code`, or `['details', 1, 'code']` for `details[1].code`. */
export type FieldPath = string | (string | number)[]

/** The server's member name as a form field path. */
export function fieldPath(member: string): FieldPath {
  const m = /^details\[(\d+)\]\.(\w+)$/.exec(member)
  return m ? ['details', Number(m[1]), m[2]] : member
}

/**
 * Splits a failed save into the messages of known fields (shown on them) and a message for the
 * rest (shown as a toast), or none when every message found its field.
 */
export function splitSaveError(
  e: unknown,
  known: (path: FieldPath) => boolean,
  tApp: TFunction,
): { fields: { name: FieldPath; errors: string[] }[]; message?: string } {
  const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
  const fields = Object.entries(byField)
    .map(([member, msg]) => ({ name: fieldPath(member), errors: [msg] }))
    .filter((f) => known(f.name))
  if (fields.length && fields.length === Object.keys(byField).length) return { fields }
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  return { fields, message: errorToMessage(failed, tApp).message }
}
