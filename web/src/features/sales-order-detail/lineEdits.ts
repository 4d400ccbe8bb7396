import { useRef, useSyncExternalStore } from 'react'
import type { ExprError } from '../../components/expr'
import { NEW_PREFIX, cellValue, fileIdsOf, filesOf, isNewLine, newLine, recompute, toBatchLine, toDraft, withCell, type BatchUpdateBody, type LineDraft } from './lines'
import type { DetailColumn, Line, LineFile, LineTableKey } from './types'

/**
 * What the user changed on the order screen and has not saved: edited lines, lines typed in,
 * deleted lines and the files uploaded to lines during their edit, across all tables. Sent as one
 * batch update when the user leaves the order or presses Save (spec 000 §4), then emptied; that
 * ends the edit of every line. Files uploaded during an edit and no longer on their line then are
 * sent as removedFileIds, and the server deletes them (spec 000 §4 "Detail row").
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
  /** Files to delete on the server with the next batch update (uploads of an edit whose discarding failed). */
  removedFileIds: readonly string[]
  /** Files uploaded to a line during its edit (not saved yet), by line id. */
  uploaded: Record<string, { table: LineTableKey; ids: readonly string[] }>
  /** Computed columns that failed, by line id and column key. */
  errors: Record<string, Record<string, ExprError>>
  /** Counter for the ids of new lines. */
  seq: number
}

export const emptyEdits = (): LineEdits => ({ changed: {}, added: {}, deleted: {}, editing: [], removedFileIds: [], uploaded: {}, errors: {}, seq: 0 })

/** Whether anything is waiting to be saved. */
export function isDirty(s: LineEdits): boolean {
  return (
    Object.values(s.changed).some((m) => m && Object.keys(m).length > 0) ||
    Object.values(s.added).some((l) => (l?.length ?? 0) > 0) ||
    Object.values(s.deleted).some((l) => (l?.length ?? 0) > 0) ||
    s.removedFileIds.length > 0 ||
    Object.keys(s.uploaded).length > 0
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

/**
 * Files just uploaded for a line's file column (during its edit): put on the line, and
 * remembered as this edit's uploads.
 */
export function addLineFiles(s: LineEdits, table: LineTableKey, line: Line | LineDraft, key: string, files: readonly LineFile[], columns: readonly DetailColumn[]): LineEdits {
  const base = currentDraft(s, table, line)
  const have = filesOf(cellValue(base, key))
  const next = [...have, ...files.filter((f) => !have.some((h) => h.id === f.id))]
  const out = editCell(s, table, line, key, next, columns)
  const mine = s.uploaded[line.id]?.ids ?? []
  return { ...out, uploaded: { ...out.uploaded, [line.id]: { table, ids: [...mine, ...files.map((f) => f.id).filter((id) => !mine.includes(id))] } } }
}

/** A file taken off a line's file column during its edit (it stays on the server until the edit ends). */
export function removeLineFile(s: LineEdits, table: LineTableKey, line: Line | LineDraft, key: string, fileId: string, columns: readonly DetailColumn[]): LineEdits {
  const files = filesOf(cellValue(currentDraft(s, table, line), key)).filter((f) => f.id !== fileId)
  return editCell(s, table, line, key, files, columns)
}

/** The files uploaded during the edit of a line. */
export function uploadedOf(s: LineEdits, id: string): readonly string[] {
  return s.uploaded[id]?.ids ?? []
}

/**
 * Cancels the edit of one line: its changes are dropped (a new line goes away) and it leaves edit
 * mode. The files uploaded during the edit (uploadedOf, read before) are the caller's to delete.
 */
export function cancelEdit(s: LineEdits, table: LineTableKey, id: string): LineEdits {
  const uploaded = { ...s.uploaded }
  delete uploaded[id]
  const editing = s.editing.filter((e) => e !== id)
  const errors = withErrors(s, id, {})
  if (isNewLine(id)) return { ...s, added: { ...s.added, [table]: (s.added[table] ?? []).filter((l) => l.id !== id) }, editing, errors, uploaded }
  const changed = { ...(s.changed[table] ?? {}) }
  delete changed[id]
  return { ...s, changed: { ...s.changed, [table]: changed }, editing, errors, uploaded }
}

/** Every file the edits uploaded or keep for deletion (what is left to delete when they are all discarded). */
export function allUploads(s: LineEdits): string[] {
  return [...new Set([...s.removedFileIds, ...Object.values(s.uploaded).flatMap((u) => u.ids)])]
}

/** The line with this id as it will be saved, or null when it will not be (deleted, or never changed). */
function savedDraft(s: LineEdits, table: LineTableKey, id: string): LineDraft | null {
  if (isNewLine(id)) return (s.added[table] ?? []).find((l) => l.id === id) ?? null
  if ((s.deleted[table] ?? []).includes(id)) return null
  return s.changed[table]?.[id] ?? null
}

/**
 * The files to delete when the edits are saved: those an edit uploaded and that are no longer on
 * their line (taken off it, or the line deleted), and those left over from a failed discard.
 */
export function droppedFiles(s: LineEdits, columnsOf: (table: LineTableKey) => readonly DetailColumn[]): string[] {
  const out = new Set(s.removedFileIds)
  for (const [id, { table, ids }] of Object.entries(s.uploaded)) {
    const line = savedDraft(s, table, id)
    const kept = line ? fileIdsOf(line, columnsOf(table)) : new Set<string>()
    for (const f of ids) if (!kept.has(f)) out.add(f)
  }
  return [...out]
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
  return { salesOrderId, concurrencyStamp: concurrencyStamp ?? undefined, tables, deleted, removedFileIds: droppedFiles(s, columnsOf) }
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
