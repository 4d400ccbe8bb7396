import type { ReactNode } from 'react'

/**
 * Columns declared once (docs/decisions/0010, "Web"): a ColumnDef drives the table, its header
 * filters (sent to the server through filterParams) and the page configuration (the key is the
 * identity of a column in a saved config; titles change with the language).
 */

/** The filter a column offers in its header (spec 000 §2: text, number, date range, boolean). */
export type FilterKind = 'text' | 'number' | 'dateRange' | 'boolean'

export interface ColumnDef<T> {
  /** The field name: the config's key, the Sorting name, the filter parameter. */
  key: string
  /** Translated. */
  title: string
  /** Defaults to key. */
  dataIndex?: string | string[]
  width?: number
  /** Sorted on the server through onSortingChange. */
  sortable?: boolean
  /** A filter in the column header. */
  filter?: FilterKind
  render?: (value: unknown, row: T, index: number) => ReactNode
  ellipsis?: boolean
  fixed?: 'left' | 'right'
  /** Cannot be unticked in the dialog (the order-id column). */
  alwaysShown?: boolean
  /** Not shown until the user ticks it. */
  hidden?: boolean
  /** Cell alignment. */
  align?: 'left' | 'right' | 'center'
}

export type FilterValue = string | number | boolean | [string | null, string | null] | [number | null, number | null]
export type ColumnFilters = Record<string, FilterValue | undefined>

/** Rows per page of a configured table (spec 000 §2) and the sizes offered. */
export const GRID_PAGE_SIZES = [10, 15, 20, 30, 40, 50]
export const GRID_PAGE_SIZE = 30
/** Columns beyond the 18th are hidden (spec 000 §2, §9). */
export const MAX_VISIBLE_COLUMNS = 18
/** Height of an expanded row's child area, px (spec 000 §9). */
export const CHILD_TABLE_HEIGHT = 460
/** The table's scroll height is the window's less this, px (spec 000 §9). */
export const TABLE_HEIGHT_OFFSET = 270

/** One column of a saved page configuration (the JSON array in `config`). */
export interface ColumnSetting {
  key: string
  title: string
  isShow: boolean
  order: number
  width?: number
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v)
}

/**
 * The query parameters of the column filters: text → `{key: 'x'}` (trimmed, blank dropped),
 * boolean → `{key: true}`, number → `{keyMin, keyMax}`, date range → `{keyFrom, keyTo}`
 * (YYYY-MM-DD). Filters of columns without that filter kind are left out.
 */
export function filterParams(filters: ColumnFilters, columns: ColumnDef<any>[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const c of columns) {
    const v = filters[c.key]
    if (v === undefined || v === null || !c.filter) continue
    switch (c.filter) {
      case 'text': {
        const s = typeof v === 'string' ? v.trim() : isNum(v) ? String(v) : ''
        if (s) out[c.key] = s
        break
      }
      case 'boolean':
        if (typeof v === 'boolean') out[c.key] = v
        else if (v === 'true' || v === 'false') out[c.key] = v === 'true'
        break
      case 'number': {
        if (!Array.isArray(v)) break
        const [min, max] = v
        if (isNum(min)) out[`${c.key}Min`] = min
        if (isNum(max)) out[`${c.key}Max`] = max
        break
      }
      case 'dateRange': {
        if (!Array.isArray(v)) break
        const [from, to] = v
        if (typeof from === 'string' && DATE.test(from)) out[`${c.key}From`] = from
        if (typeof to === 'string' && DATE.test(to)) out[`${c.key}To`] = to
        break
      }
    }
  }
  return out
}

/** True when the filter of this kind holds something to send. */
export function isFilterActive(kind: FilterKind, v: FilterValue | undefined): boolean {
  return Object.keys(filterParams({ k: v }, [{ key: 'k', title: '', filter: kind }])).length > 0
}

/** The page-configuration key of a route: every `/` becomes `zzz` ('/a/b' → 'zzzazzzb'). */
export function routeKeyOf(path: string): string {
  let p = path.split(/[?#]/)[0] || '/'
  if (p.length > 1) p = p.replace(/\/+$/, '')
  return p.replaceAll('/', 'zzz')
}

/** The settings of the declared columns as they are by default: declared order, `hidden` unticked. */
export function defaultSettings(columns: ColumnDef<any>[]): ColumnSetting[] {
  return columns.map((c, i) => ({ key: c.key, title: c.title, isShow: !!c.alwaysShown || !c.hidden, order: i }))
}

/**
 * A saved config as settings, or null when it is not a readable config: not JSON, not an array,
 * an entry without a key or with a repeated one.
 */
export function parseConfig(json: string | null | undefined): ColumnSetting[] | null {
  if (!json || !json.trim()) return null
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    return null
  }
  if (!Array.isArray(data)) return null
  const seen = new Set<string>()
  const out: ColumnSetting[] = []
  for (const [i, e] of data.entries()) {
    if (typeof e !== 'object' || e === null) return null
    const r = e as Record<string, unknown>
    if (typeof r.key !== 'string' || !r.key || seen.has(r.key)) return null
    seen.add(r.key)
    out.push({
      key: r.key,
      title: typeof r.title === 'string' ? r.title : '',
      isShow: r.isShow !== false,
      order: isNum(r.order) ? r.order : i,
      width: isNum(r.width) && r.width > 0 ? r.width : undefined,
    })
  }
  return out
}

/**
 * The settings a table works with: the saved ones over the declared columns. Saved keys no
 * column declares are dropped; declared columns the config does not name follow it in declared
 * order, as they are by default; `alwaysShown` columns are ticked; columns in `hiddenFields`
 * are gone; titles are the declared (translated) ones; orders are 0, 1, 2, …
 * Returns null when nothing would be shown (a config that cannot be right).
 */
export function mergeSettings(columns: ColumnDef<any>[], saved: ColumnSetting[] | null, hiddenFields: readonly string[] = []): ColumnSetting[] | null {
  const gone = new Set(hiddenFields)
  const declared = columns.filter((c) => !gone.has(c.key))
  const byKey = new Map(declared.map((c) => [c.key, c]))
  const defaults = defaultSettings(declared)
  let merged: ColumnSetting[]
  if (!saved) merged = defaults
  else {
    const known = [...saved].filter((s) => byKey.has(s.key)).sort((a, b) => a.order - b.order)
    const named = new Set(known.map((s) => s.key))
    merged = [...known, ...defaults.filter((d) => !named.has(d.key))]
  }
  const out = merged.map((s, i) => {
    const c = byKey.get(s.key)!
    const setting: ColumnSetting = { key: s.key, title: c.title, isShow: !!c.alwaysShown || s.isShow, order: i }
    if (s.width) setting.width = s.width
    return setting
  })
  return out.some((s) => s.isShow) ? out : null
}

/** The settings as the config JSON the server keeps (orders renumbered from 0). */
export function toConfigJson(settings: ColumnSetting[]): string {
  return JSON.stringify(settings.map((s, i) => (s.width ? { key: s.key, title: s.title, isShow: s.isShow, order: i, width: s.width } : { key: s.key, title: s.title, isShow: s.isShow, order: i })))
}

/** The ticked settings in order, and which of them the 18-column limit hides. */
export function shownKeys(settings: ColumnSetting[], columns: ColumnDef<any>[], limit = MAX_VISIBLE_COLUMNS): { shown: string[]; cut: string[] } {
  const locked = new Set(columns.filter((c) => c.alwaysShown).map((c) => c.key))
  const ticked = [...settings].sort((a, b) => a.order - b.order).filter((s) => s.isShow)
  // Columns that are always shown keep their place; the others fill what the limit leaves.
  let room = limit - ticked.filter((s) => locked.has(s.key)).length
  const shown: string[] = []
  const cut: string[] = []
  for (const s of ticked) {
    if (locked.has(s.key)) shown.push(s.key)
    else if (room > 0) {
      shown.push(s.key)
      room--
    } else cut.push(s.key)
  }
  return { shown, cut }
}

/** The columns a table shows: ticked, in the saved order, saved widths applied, at most 18. */
export function visibleColumns<T>(columns: ColumnDef<T>[], settings: ColumnSetting[], limit = MAX_VISIBLE_COLUMNS): ColumnDef<T>[] {
  const byKey = new Map(columns.map((c) => [c.key, c]))
  const widths = new Map(settings.map((s) => [s.key, s.width]))
  return shownKeys(settings, columns, limit).shown.map((k) => {
    const c = byKey.get(k)!
    const w = widths.get(k)
    return w ? { ...c, width: w } : c
  })
}
