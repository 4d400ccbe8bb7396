import dayjs from 'dayjs'

/**
 * How an entity change is shown (spec 002 §3, "Audit change type"). The server keeps each
 * property's values as JSON text ("\"Ada\"", "12", "true", "null"), cut to a maximum length
 * with "..." at the end (internal/platform/db/changes.go); a value that is absent is one the
 * change has no side for (a created row has no old values, a deleted row no new ones).
 */

/** Change types as the server numbers them. */
export const ChangeType = { Created: 0, Updated: 1, Deleted: 2 } as const
export type ChangeTypeValue = (typeof ChangeType)[keyof typeof ChangeType]

/** The i18n key (under `changeType.`) and tag colour of a change type. */
export function changeTypeInfo(type: number | null | undefined): { key: 'created' | 'updated' | 'deleted' | 'unknown'; color: string } {
  switch (type) {
    case ChangeType.Created:
      return { key: 'created', color: 'green' }
    case ChangeType.Updated:
      return { key: 'updated', color: 'blue' }
    case ChangeType.Deleted:
      return { key: 'deleted', color: 'red' }
    default:
      return { key: 'unknown', color: 'default' }
  }
}

/** One side of a property change, ready to show. */
export type ShownValue =
  /** The change has no value on this side (old side of a created row, new side of a deleted one). */
  | { kind: 'absent' }
  /** The property held no value (JSON null). */
  | { kind: 'null' }
  /** An empty string. */
  | { kind: 'empty' }
  /** Text to show; `cut` when the server shortened it. */
  | { kind: 'text'; text: string; cut?: boolean }

const CUT_MARK = '...'

/** Whether a property type names a time (Go's time.Time, or a .NET DateTime). */
function isTimeType(type: string | null | undefined): boolean {
  return /(^|\.)(Time|DateTime|DateTimeOffset)$/.test(type ?? '')
}

/**
 * The shown form of one stored value: a JSON string without its quotes (a time as local
 * "YYYY-MM-DD HH:mm:ss" when the property is a time), numbers and booleans as written, objects
 * and arrays as compact JSON, null as null. A value the server cut is not valid JSON: it is shown
 * as stored, without the opening quote of a string, and marked cut.
 */
export function shownValue(json: string | null | undefined, type?: string | null): ShownValue {
  if (json === undefined || json === null) return { kind: 'absent' }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    const cut = json.endsWith(CUT_MARK)
    const text = json.startsWith('"') ? json.slice(1) : json
    return { kind: 'text', text, cut }
  }
  if (parsed === null) return { kind: 'null' }
  if (typeof parsed === 'string') {
    if (parsed === '') return { kind: 'empty' }
    if (isTimeType(type)) {
      const d = dayjs(parsed)
      if (d.isValid() && /^\d{4}-\d{2}-\d{2}T/.test(parsed)) return { kind: 'text', text: d.format('YYYY-MM-DD HH:mm:ss') }
    }
    return { kind: 'text', text: parsed }
  }
  if (typeof parsed === 'object') return { kind: 'text', text: JSON.stringify(parsed) }
  return { kind: 'text', text: String(parsed) }
}

/** The comparable form of a stored value: absent, null and "" all mean "no value". */
function comparable(v: ShownValue): string {
  return v.kind === 'text' ? v.text : ''
}

/** What the rules read of a stored property change (the server's AuditPropertyChange). */
export interface PropertyValues {
  propertyName: string
  propertyTypeFullName?: string
  originalValue?: string | null
  newValue?: string | null
}

/** One row of a property table. */
export interface PropertyRow {
  name: string
  type: string
  original: ShownValue
  new: ShownValue
  /** The value differs between the two sides: the row is highlighted. */
  changed: boolean
}

/**
 * The rows of a change's property table, in the server's order. A row is marked changed when
 * its old and new values differ once shown (a created row's filled-in properties, a deleted
 * row's filled-in ones, an updated row's edited ones); a property that was and stays empty
 * (a created row's unset field) is not.
 */
export function propertyRows(props: readonly PropertyValues[] | null | undefined): PropertyRow[] {
  return (props ?? []).map((p) => {
    const original = shownValue(p.originalValue, p.propertyTypeFullName)
    const next = shownValue(p.newValue, p.propertyTypeFullName)
    return {
      name: p.propertyName,
      type: p.propertyTypeFullName ?? '',
      original,
      new: next,
      changed: comparable(original) !== comparable(next),
    }
  })
}

/** How many properties of a change differ. */
export function changedCount(change: { propertyChanges?: readonly PropertyValues[] | null }): number {
  return propertyRows(change.propertyChanges).filter((r) => r.changed).length
}

/** The short name of an entity type: "identity.User" → "User". */
export function shortEntityType(type: string | null | undefined): string {
  const s = type ?? ''
  const i = s.lastIndexOf('.')
  return i >= 0 ? s.slice(i + 1) : s
}

/** A server time (RFC 3339) in the user's time zone, "YYYY-MM-DD HH:mm:ss"; '' when there is none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = dayjs(iso)
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : iso
}
