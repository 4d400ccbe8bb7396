/**
 * The configuration as the page edits it: every row of every order type (as GET answered them,
 * with the edits), the rows one selection shows, the PUT body, and the server's refusals
 * sorted by row. No React here.
 */
import { ACTIONS, TABLE_KEYS, type ConfigBody, type DetailActions, type DetailColumn, type DetailTableInput, type DetailTableRow, type EditableRow, type TableKey } from './types'

/** A row being edited: the server's row (or a new one) and a key the page knows it by. */
export interface DraftRow extends EditableRow {
  uid: string
}

/** What the page reads a row from: the server's row, or one it made. */
type RowLike = Omit<EditableRow, 'columns' | 'actions'> & {
  columns?: DetailColumn[] | null
  actions?: Partial<Record<keyof DetailActions, string[] | null>> | null
}

let next = 0
export const newUid = () => `dt-${++next}`

/** Every action with no permission: granted to nobody. */
export function emptyActions(): DetailActions {
  return { create: [], importExcel: [], clear: [], select: [], export: [] }
}

/** A server row made safe to edit: every list present, actions complete. */
export function toDraft(row: RowLike | DetailTableRow): DraftRow {
  const actions = emptyActions()
  for (const a of ACTIONS) actions[a] = [...(row.actions?.[a] ?? [])]
  return {
    ...(row.id ? { id: row.id } : {}),
    key: row.key,
    orderTypeId: row.orderTypeId ?? null,
    shown: row.shown,
    required: row.required,
    sort: row.sort,
    columns: (row.columns ?? []).map((c) => ({ ...c, ...(c.permissions ? { permissions: [...c.permissions] } : {}) })),
    actions,
    uid: newUid(),
  }
}

/** A column as sent: empty optional members left out (the server's omitempty). */
export function cleanColumn(c: DetailColumn): DetailColumn {
  const out: DetailColumn = { key: c.key.trim() }
  if (c.displayName) out.displayName = c.displayName
  if (c.title) out.title = c.title
  if (c.displayWidth) out.displayWidth = c.displayWidth
  if (c.defaultValue) out.defaultValue = c.defaultValue
  if (c.widget) out.widget = c.widget
  if (c.compute?.trim()) out.compute = c.compute.trim()
  if (c.permissions?.length) out.permissions = [...c.permissions]
  return out
}

/** One row as an item of the PUT body. */
export function toInput(r: RowLike | DetailTableRow): DetailTableInput {
  const actions = emptyActions()
  for (const a of ACTIONS) actions[a] = [...(r.actions?.[a] ?? [])]
  return {
    key: r.key,
    ...(r.orderTypeId ? { orderTypeId: r.orderTypeId } : {}),
    shown: r.shown,
    required: r.required,
    sort: r.sort,
    columns: (r.columns ?? []).map(cleanColumn),
    actions,
  }
}

/** The PUT body: the whole configuration, every order type's rows. */
export function toBody(rows: readonly (RowLike | DetailTableRow)[]): ConfigBody {
  return { items: rows.map(toInput) }
}

/** Whether the rows differ from what the server holds. */
export function isDirty(draft: readonly DraftRow[], saved: readonly DetailTableRow[]): boolean {
  return JSON.stringify(toBody(draft)) !== JSON.stringify(toBody(saved))
}

/** Where a table's configuration comes from for the selection shown. */
export type Source = 'own' | 'default' | 'none'

/** One line of the page's table: a detail table for the selection. */
export interface ViewRow {
  key: TableKey
  /** The row that applies: the selection's own, else (for an order type) the every-type row. */
  row: DraftRow | null
  source: Source
}

/** The five tables for a selection (null: every order type), each with the row that applies. */
export function viewRows(draft: readonly DraftRow[], orderTypeId: string | null): ViewRow[] {
  return TABLE_KEYS.map((key) => {
    const own = draft.find((r) => r.key === key && r.orderTypeId === orderTypeId)
    if (own) return { key, row: own, source: 'own' as const }
    const fallback = orderTypeId ? draft.find((r) => r.key === key && r.orderTypeId === null) : undefined
    return fallback ? { key, row: fallback, source: 'default' as const } : { key, row: null, source: 'none' as const }
  })
}

/** Whether an order type has rows of its own. */
export const hasOwnRows = (draft: readonly DraftRow[], orderTypeId: string) => draft.some((r) => r.orderTypeId === orderTypeId)

/** The type's own rows made from the every-type rows (deep copies, new to the server). */
export function copyFromDefault(draft: readonly DraftRow[], orderTypeId: string): DraftRow[] {
  const copies = draft
    .filter((r) => r.orderTypeId === null)
    .map((r) => toDraft({ ...r, id: undefined, orderTypeId }))
  return [...draft.filter((r) => r.orderTypeId !== orderTypeId), ...copies]
}

/** The configuration without the type's own rows: its orders fall back to the every-type rows. */
export const dropOwnRows = (draft: readonly DraftRow[], orderTypeId: string) => draft.filter((r) => r.orderTypeId !== orderTypeId)

/** A new row of a table for a selection, starting from the row that applied (if any). */
export function newRow(key: TableKey, orderTypeId: string | null, from: DraftRow | null): DraftRow {
  if (from) return toDraft({ ...from, id: undefined, key, orderTypeId })
  return toDraft({ key, orderTypeId, shown: true, required: false, sort: TABLE_KEYS.indexOf(key) + 1, columns: [], actions: emptyActions() })
}

/** Replaces the row with the same uid, or adds it. */
export function putRow(draft: readonly DraftRow[], row: DraftRow): DraftRow[] {
  return draft.some((r) => r.uid === row.uid) ? draft.map((r) => (r.uid === row.uid ? row : r)) : [...draft, row]
}

// ---------------------------------------------------------------- the server's refusals

/** One message of a refused save: the row (by uid) and the member inside it, when it names them. */
export interface ServerProblem {
  uid?: string
  /** Inside the row: `columns[2].compute`, `sort`, `actions.create`, … */
  member?: string
  message: string
}

const ITEM_MEMBER = /^(?:body\.)?items\[(\d+)\](?:\.(.+))?$/

/**
 * The validation errors of a refused PUT, each tied to the row it names (`items[3].…`: the
 * fourth row sent) and the member inside it. Messages are the server's, already in the user's
 * language; they name the table and the column.
 */
export function sortProblems(validationErrors: readonly { message: string; members?: string[] | null }[], sent: readonly DraftRow[]): ServerProblem[] {
  const out: ServerProblem[] = []
  for (const v of validationErrors) {
    const members = v.members ?? []
    let placed = false
    for (const raw of members) {
      const m = ITEM_MEMBER.exec(raw)
      const row = m ? sent[Number(m[1])] : undefined
      if (!row) continue
      out.push({ uid: row.uid, member: m?.[2], message: v.message })
      placed = true
    }
    if (!placed) out.push({ message: v.message })
  }
  return out
}

/** A column's member inside a row: `columns[2].compute` → {index 2, field 'compute'}. */
export function columnMember(member: string | undefined): { index: number; field: string } | null {
  const m = member ? /^columns\[(\d+)\](?:\.(\w+))?$/.exec(member) : null
  return m ? { index: Number(m[1]), field: m[2] ?? 'key' } : null
}
