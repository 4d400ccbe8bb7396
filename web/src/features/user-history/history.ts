import dayjs from 'dayjs'

/**
 * A user's change history as a timeline: who changed the user, when, and what went from which
 * value to which. Values are stored as JSON text (internal/platform/db/changes.go): a string
 * shows without quotes, a time in local time, null and "" as "no value", and a value the
 * server cut (no longer JSON) as stored, marked cut.
 */

/** A value as the timeline shows it; null means "no value". */
export interface Shown {
  text: string | null
  cut?: boolean
}

function isTimeType(type: string | null | undefined): boolean {
  return /(^|\.)(Time|DateTime|DateTimeOffset)$/.test(type ?? '')
}

/** The shown form of a stored JSON value. */
export function shown(json: string | null | undefined, type?: string | null): Shown {
  if (json === undefined || json === null) return { text: null }
  let v: unknown
  try {
    v = JSON.parse(json)
  } catch {
    return { text: json.startsWith('"') ? json.slice(1) : json, cut: json.endsWith('...') }
  }
  if (v === null || v === '') return { text: null }
  if (typeof v === 'string') {
    if (isTimeType(type) && /^\d{4}-\d{2}-\d{2}T/.test(v) && dayjs(v).isValid()) return { text: dayjs(v).format('YYYY-MM-DD HH:mm:ss') }
    return { text: v }
  }
  if (typeof v === 'object') return { text: JSON.stringify(v) }
  return { text: String(v) }
}

/** What the rules read of a stored property change (the server's AuditPropertyChange). */
export interface PropertyValues {
  propertyName: string
  propertyTypeFullName?: string
  originalValue?: string | null
  newValue?: string | null
}

/** One line of an entry: a property and its values before and after. */
export interface HistoryLine {
  property: string
  from: Shown
  to: Shown
}

/** The kind of an entry: Created 0, Updated 1, Deleted 2 (spec 002 §3). */
export type EntryKind = 'created' | 'updated' | 'deleted' | 'unknown'

/** One entry of the timeline. */
export interface HistoryEntry {
  id: string
  time: string
  /** Who made the change; null when no user's request did (seeds, jobs). */
  userName: string | null
  kind: EntryKind
  lines: HistoryLine[]
}

const KINDS: Record<number, EntryKind> = { 0: 'created', 1: 'updated', 2: 'deleted' }

/**
 * The lines of a change: the properties whose shown value differs between before and after
 * (a created user's filled-in fields, an updated user's edited ones, a deleted user's filled-in
 * ones), in the server's order.
 */
export function historyLines(props: readonly PropertyValues[] | null | undefined): HistoryLine[] {
  const out: HistoryLine[] = []
  for (const p of props ?? []) {
    const from = shown(p.originalValue, p.propertyTypeFullName)
    const to = shown(p.newValue, p.propertyTypeFullName)
    if (from.text === to.text) continue
    out.push({ property: p.propertyName, from, to })
  }
  return out
}

/** What the timeline reads of a change and its author (the server's EntityChangeWithUserName). */
export interface ChangeByUser {
  userName: string
  entityChange: { id: string; changeTime: string; changeType: number; propertyChanges?: readonly PropertyValues[] | null }
}

/** The timeline of a user's changes, newest first. */
export function historyEntries(changes: readonly ChangeByUser[]): HistoryEntry[] {
  return changes
    .map(({ entityChange: c, userName }) => ({
      id: c.id,
      time: c.changeTime,
      userName: userName?.trim() ? userName : null,
      kind: KINDS[c.changeType] ?? 'unknown',
      lines: historyLines(c.propertyChanges),
    }))
    .sort((a, b) => dayjs(b.time).valueOf() - dayjs(a.time).valueOf())
}

/** The timeline dot colour of an entry's kind. */
export function kindColor(kind: EntryKind): string {
  return kind === 'created' ? 'green' : kind === 'updated' ? 'blue' : kind === 'deleted' ? 'red' : 'gray'
}
