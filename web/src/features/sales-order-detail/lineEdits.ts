import { useRef, useSyncExternalStore } from 'react'
import type { ExprError } from '../../components/expr'
import { NEW_PREFIX, isNewLine, newLine, recompute, toBatchLine, toDraft, withCell, type BatchUpdateBody, type LineDraft } from './lines'
import type { DetailColumn, Line, LineTableKey } from './types'

/**
 * What the user changed on the order screen and has not saved: edited lines, lines typed in,
 * deleted lines and files removed during an edit, across all tables. Sent as one batch update
 * when the user leaves the order or presses Save (spec 000 §4), then emptied.
 */
export interface LineEdits {
  /** Edited server lines, whole, by table and id. */
  changed: Partial<Record<LineTableKey, Record<string, LineDraft>>>
  /** Lines typed in on the page (ids start with `new:`), newest first. */
  added: Partial<Record<LineTableKey, LineDraft[]>>
  /** Ids of server lines deleted on the page. */
  deleted: Partial<Record<LineTableKey, string[]>>
  /** Lines in edit mode. */
  editing: readonly string[]
  /** Files uploaded and removed again during an edit: deleted on the server with the batch update. */
  removedFileIds: readonly string[]
  /** Computed columns that failed, by line id and column key. */
  errors: Record<string, Record<string, ExprError>>
  /** Counter for the ids of new lines. */
  seq: number
}

export const emptyEdits = (): LineEdits => ({ changed: {}, added: {}, deleted: {}, editing: [], removedFileIds: [], errors: {}, seq: 0 })

/** Whether anything is waiting to be saved. */
export function isDirty(s: LineEdits): boolean {
  return (
    Object.values(s.changed).some((m) => m && Object.keys(m).length > 0) ||
    Object.values(s.added).some((l) => (l?.length ?? 0) > 0) ||
    Object.values(s.deleted).some((l) => (l?.length ?? 0) > 0) ||
    s.removedFileIds.length > 0
  )
}

function withErrors(s: LineEdits, id: string, errors: Record<string, ExprError>): LineEdits['errors'] {
  const out = { ...s.errors }
  if (Object.keys(errors).length) out[id] = errors
  else delete out[id]
  return out
}

/** One cell changed: the line's computed columns are evaluated again. */
export function editCell(s: LineEdits, table: LineTableKey, line: Line | LineDraft, key: string, value: unknown, columns: readonly DetailColumn[]): LineEdits {
  const base = currentDraft(s, table, line)
  const { line: next, errors } = recompute(withCell(base, key, value), columns)
  if (isNewLine(next.id)) {
    const added = (s.added[table] ?? []).map((l) => (l.id === next.id ? next : l))
    return { ...s, added: { ...s.added, [table]: added }, errors: withErrors(s, next.id, errors) }
  }
  return { ...s, changed: { ...s.changed, [table]: { ...(s.changed[table] ?? {}), [next.id]: next } }, errors: withErrors(s, next.id, errors) }
}

/** The line as the user sees it now: their draft if they changed it, else the server's. */
export function currentDraft(s: LineEdits, table: LineTableKey, line: Line | LineDraft): LineDraft {
  if (isNewLine(line.id)) return (s.added[table] ?? []).find((l) => l.id === line.id) ?? toDraft(line as Line)
  return s.changed[table]?.[line.id] ?? toDraft(line as Line)
}

/** A new empty line on top of the table, in edit mode ("create"). */
export function addLine(s: LineEdits, table: LineTableKey, columns: readonly DetailColumn[]): LineEdits {
  const id = `${NEW_PREFIX}${s.seq + 1}`
  const draft = newLine(id, table, columns)
  const { errors } = recompute(draft, columns)
  return {
    ...s,
    seq: s.seq + 1,
    added: { ...s.added, [table]: [draft, ...(s.added[table] ?? [])] },
    editing: [...s.editing, id],
    errors: withErrors(s, id, errors),
  }
}

/** A line removed: a new one is simply dropped, a server line is deleted with the batch update. */
export function removeLine(s: LineEdits, table: LineTableKey, id: string): LineEdits {
  const editing = s.editing.filter((e) => e !== id)
  const errors = withErrors(s, id, {})
  if (isNewLine(id)) return { ...s, added: { ...s.added, [table]: (s.added[table] ?? []).filter((l) => l.id !== id) }, editing, errors }
  const changed = { ...(s.changed[table] ?? {}) }
  delete changed[id]
  const deleted = [...new Set([...(s.deleted[table] ?? []), id])]
  return { ...s, changed: { ...s.changed, [table]: changed }, deleted: { ...s.deleted, [table]: deleted }, editing, errors }
}

/** Edit mode of a line on or off. */
export function setEditing(s: LineEdits, id: string, on: boolean): LineEdits {
  const has = s.editing.includes(id)
  if (on === has) return s
  return { ...s, editing: on ? [...s.editing, id] : s.editing.filter((e) => e !== id) }
}

/** A file uploaded during an edit and removed again: deleted on the server when the edit is saved. */
export function removeFile(s: LineEdits, fileId: string): LineEdits {
  return s.removedFileIds.includes(fileId) ? s : { ...s, removedFileIds: [...s.removedFileIds, fileId] }
}

/** Forgets every change of one table (after the table was cleared on the server). */
export function dropTable(s: LineEdits, table: LineTableKey): LineEdits {
  const drafts = [...Object.keys(s.changed[table] ?? {}), ...(s.added[table] ?? []).map((l) => l.id)]
  const errors = { ...s.errors }
  for (const id of drafts) delete errors[id]
  return {
    ...s,
    changed: { ...s.changed, [table]: {} },
    added: { ...s.added, [table]: [] },
    deleted: { ...s.deleted, [table]: [] },
    editing: s.editing.filter((id) => !drafts.includes(id)),
    errors,
  }
}

/**
 * The rows one page of a table shows: on the first page the new lines on top, then the server's
 * rows with the user's drafts in place of the lines they changed, deleted lines left out.
 */
export function pageRows(s: LineEdits, table: LineTableKey, serverRows: readonly Line[], firstPage: boolean): LineDraft[] {
  const deleted = new Set(s.deleted[table] ?? [])
  const rows = serverRows.filter((r) => !deleted.has(r.id)).map((r) => currentDraft(s, table, r))
  return firstPage ? [...(s.added[table] ?? []), ...rows] : rows
}

/**
 * The batch update of everything changed, or null when nothing changed (nothing is sent then).
 * Only the tables with changes are named.
 */
export function batchBody(
  s: LineEdits,
  salesOrderId: string,
  concurrencyStamp: string | null | undefined,
  columnsOf: (table: LineTableKey) => readonly DetailColumn[],
): BatchUpdateBody | null {
  if (!isDirty(s)) return null
  const tables: BatchUpdateBody['tables'] = {}
  const deleted: BatchUpdateBody['deleted'] = {}
  const keys = new Set<LineTableKey>([...(Object.keys(s.changed) as LineTableKey[]), ...(Object.keys(s.added) as LineTableKey[]), ...(Object.keys(s.deleted) as LineTableKey[])])
  for (const table of keys) {
    const columns = columnsOf(table)
    const lines = [...(s.added[table] ?? []).slice().reverse(), ...Object.values(s.changed[table] ?? {})].map((l) => toBatchLine(l, columns))
    if (lines.length) tables[table] = lines
    const gone = s.deleted[table] ?? []
    if (gone.length) deleted[table] = [...gone]
  }
  return { salesOrderId, concurrencyStamp: concurrencyStamp ?? undefined, tables, deleted, removedFileIds: [...s.removedFileIds] }
}

/** A tiny store of the edits, so that the page can read the latest ones when it is left. */
export interface EditStore {
  get: () => LineEdits
  set: (fn: (s: LineEdits) => LineEdits) => void
  subscribe: (listener: () => void) => () => void
}

export function createEditStore(initial: LineEdits = emptyEdits()): EditStore {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set: (fn) => {
      const next = fn(state)
      if (next === state) return
      state = next
      listeners.forEach((l) => l())
    },
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
}

/** The edit store of one order screen and its current state. */
export function useLineEdits(): [LineEdits, EditStore] {
  const ref = useRef<EditStore | null>(null)
  if (!ref.current) ref.current = createEditStore()
  const store = ref.current
  const state = useSyncExternalStore(store.subscribe, store.get, store.get)
  return [state, store]
}
