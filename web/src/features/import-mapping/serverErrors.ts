import type { FormInstance } from 'antd'
import { HttpError, errorToMessage } from '../../components'
import type { AbpErrorBody } from '../../api/errors'

/** A refused save, sorted by where its messages belong. */
export interface SaveErrors {
  /** Field of the general form → message. */
  fields: Record<string, string>
  /** Index of a rule → its member (fieldName, columnIndex, …) → message. */
  rules: Record<number, Record<string, string>>
  /** What belongs to no field shown: the whole message, to show as a notice (null when every part was placed). */
  message: string | null
}

const RULE_MEMBER = /^(?:body\.)?(?:mappingRules|rules)\[(\d+)\](?:\.(\w+))?/

/**
 * The validation errors of a refused save, by place: members naming a field of the general form
 * go to that field, members naming a rule (`mappingRules[2].fieldName`, `rules[0].value`) to that
 * rule's row, the rest into one message (the server's text, already in the user's language).
 */
export function sortSaveErrors(e: unknown, formFields: ReadonlySet<string>, t: (k: string) => string): SaveErrors {
  const out: SaveErrors = { fields: {}, rules: {}, message: null }
  const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
  const body = (e instanceof HttpError ? e.data : undefined) as AbpErrorBody | undefined
  const list = body?.error?.validationErrors ?? []
  let unplaced = list.length === 0
  for (const v of list) {
    let placed = false
    for (const raw of v.members ?? []) {
      const m = raw.replace(/^body\./, '')
      const rule = RULE_MEMBER.exec(m)
      if (rule) {
        const i = Number(rule[1])
        ;(out.rules[i] ??= {})[rule[2] ?? ''] = v.message
        placed = true
      } else if (formFields.has(m)) {
        out.fields[m] ??= v.message
        placed = true
      }
    }
    if (!placed) unplaced = true
  }
  if (unplaced) out.message = errorToMessage(failed, t).message
  return out
}

/** Puts the form's share of a refused save on its fields. */
export function showFieldErrors<T>(form: FormInstance<T>, fields: Record<string, string>) {
  const entries = Object.entries(fields)
  if (entries.length) form.setFields(entries.map(([name, msg]) => ({ name: name as never, errors: [msg] })))
}

/**
 * The form's values when they pass its rules, else null. A check overtaken by a change still
 * in flight (antd's outOfDate, no failed field) counts as passed: Enter right after typing.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields()
  } catch (e) {
    const err = e as { errorFields?: unknown[]; outOfDate?: boolean; values?: T }
    return err.outOfDate && !err.errorFields?.length && err.values ? err.values : null
  }
}
