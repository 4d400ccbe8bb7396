import type { FormInstance } from 'antd'
// Straight from src/api, not the components barrel: the login page (part of the shell) uses
// this, and the barrel would bring the data table into the shell's JavaScript.
import { errorToMessage, validationErrorsByField } from '../../../api/errors'
import { HttpError } from '../../../api/http'

/**
 * Shows a failed request: each server validation message under the form field it names (those
 * the form has), and the whole message as a toast. Answers the toast's text.
 */
export function showServerError(e: unknown, form: FormInstance, fields: readonly string[], t: Parameters<typeof errorToMessage>[1]): string {
  const err = e instanceof HttpError ? e : new HttpError('', {})
  const byField = validationErrorsByField(err.data)
  const mine = Object.entries(byField).filter(([name]) => fields.includes(name))
  if (mine.length) form.setFields(mine.map(([name, message]) => ({ name, errors: [message] })))
  return errorToMessage({ status: err.status, data: err.data, timeout: err.timeout }, t).message
}
