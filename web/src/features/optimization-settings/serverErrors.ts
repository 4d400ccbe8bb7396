import { HttpError, errorToMessage } from '../../components'
import type { AbpErrorBody } from '../../api/errors'

/** A refused save, by place: members of the form, members of a detail row, and the rest. */
export interface SaveErrors {
  fields: Record<string, string>
  rows: Record<number, Record<string, string>>
  message: string | null
}

const ROW = /^(?:body\.)?details\[(\d+)\]\.(\w+)/

/** Sorts the server's validation messages of a save onto the form's fields and the detail rows. */
export function sortSaveErrors(e: unknown, formFields: ReadonlySet<string>, t: (k: string) => string): SaveErrors {
  const out: SaveErrors = { fields: {}, rows: {}, message: null }
  const body = (e instanceof HttpError ? e.data : undefined) as AbpErrorBody | undefined
  const list = body?.error?.validationErrors ?? []
  const rest: string[] = []
  for (const v of list) {
    let placed = false
    for (const raw of v.members ?? []) {
      const m = raw.replace(/^body\./, '')
      const row = ROW.exec(m)
      if (row) {
        ;(out.rows[Number(row[1])] ??= {})[row[2]] = v.message
        placed = true
      } else if (formFields.has(m)) {
        out.fields[m] ??= v.message
        placed = true
      }
    }
    if (!placed) rest.push(v.message)
  }
  if (list.length === 0) {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    out.message = errorToMessage(failed, t).message
  } else if (rest.length > 0) out.message = rest.join('\n')
  return out
}

/** The message of a failed call, in the user's language. */
export function failureMessage(e: unknown, t: (k: string) => string): string {
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  return errorToMessage(failed, t).message
}
