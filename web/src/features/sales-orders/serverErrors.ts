import type { FormInstance } from 'antd'
import type { TFunction } from 'i18next'
import { HttpError, errorToMessage } from '../../components'
import type { AbpErrorBody } from '../../api/errors'
import { formField } from './orderForm'

/** A refused save: the messages of the form's fields, and what belongs to none (null when all were placed). */
export interface SaveErrors {
  fields: Record<string, string>
  message: string | null
  /** 409: the row changed since it was read. */
  stale: boolean
}

/**
 * The validation errors of a refused save by field (the server's texts, in the user's language);
 * anything that names no field of the form is one message, shown as a toast.
 */
export function sortSaveErrors(e: unknown, fields: ReadonlySet<string>, tApp: TFunction): SaveErrors {
  const out: SaveErrors = { fields: {}, message: null, stale: e instanceof HttpError && e.status === 409 }
  const body = (e instanceof HttpError ? e.data : undefined) as AbpErrorBody | undefined
  const list = body?.error?.validationErrors ?? []
  let unplaced = list.length === 0
  for (const v of list) {
    const placed = (v.members ?? []).map((m) => formField(m, fields)).filter((f): f is string => !!f)
    for (const f of placed) out.fields[f] ??= v.message
    if (!placed.length) unplaced = true
  }
  if (unplaced) {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    out.message = errorToMessage(failed, tApp).message
  }
  return out
}

/** Puts a refused save's field messages on the form. */
export function showFieldErrors<T>(form: FormInstance<T>, fields: Record<string, string>) {
  const entries = Object.entries(fields)
  if (entries.length) form.setFields(entries.map(([name, msg]) => ({ name: name as never, errors: [msg] })))
}

/** The message of a failed call (delete, load): the server's text or the standard one. */
export function failureMessage(e: unknown, tApp: TFunction): string {
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  return errorToMessage(failed, tApp).message
}
