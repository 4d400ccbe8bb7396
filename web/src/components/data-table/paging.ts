import type { SorterResult } from 'antd/es/table/interface'

/**
 * How lists are read from the server (docs/decisions/0008-module-template.md, "Web"):
 * a list that can grow (products, parts, standard products, anything users add rows to)
 * is searched, sorted and paged on the server, PAGE_SIZE rows at a time; only a short code
 * list (directories, dictionaries, roles, one product's part links) may ask for
 * SHORT_LIST_MAX rows at once.
 */

/** Rows per server page of a growing list (spec 001 §9: 20 rows first, 20 more on scrolling). */
export const PAGE_SIZE = 20
/** Rows a short code list asks for at once (spec 001 §9's 999; the server answers at most 1000). */
export const SHORT_LIST_MAX = 999
/** How close to the bottom (px) a scroll must come to load the next page (spec 001 §2). */
export const LOAD_MORE_THRESHOLD_PX = 20

/** Which rows of a list: the ABP paging pair. */
export interface PageRequest {
  skipCount: number
  maxResultCount: number
}

/** A list request: a page, searched and sorted on the server. */
export interface ListRequest extends PageRequest {
  /** Substring the server matches (each list says against which fields). */
  filter?: string
  /** `field` or `field desc`, a field of the list's sorting whitelist. */
  sorting?: string
}

/** One page of a list and the count of all rows that match. */
export interface Page<T> {
  items: T[]
  totalCount: number
}

/** The ABP query parameters of a list request; a blank filter or sorting is left out. */
export function listParams(q: Partial<ListRequest>): { Filter?: string; Sorting?: string; SkipCount?: number; MaxResultCount?: number } {
  return {
    Filter: q.filter?.trim() || undefined,
    Sorting: q.sorting?.trim() || undefined,
    SkipCount: q.skipCount,
    MaxResultCount: q.maxResultCount,
  }
}

/** A list answer as a page: `{items, totalCount}` (a bare array or a missing total counts its items). */
export function toPage<T>(r: { items?: T[] | null; totalCount?: number | null } | T[] | null | undefined): Page<T> {
  if (!r) return { items: [], totalCount: 0 }
  if (Array.isArray(r)) return { items: r, totalCount: r.length }
  const items = r.items ?? []
  return { items, totalCount: r.totalCount ?? items.length }
}

/** The Sorting text of an antd table sorter: `name`, `name desc`, or undefined when unsorted. */
export function sortingOf<T>(sorter: SorterResult<T> | SorterResult<T>[] | undefined): string | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  if (!s?.order) return undefined
  const field = String(s.columnKey ?? (Array.isArray(s.field) ? s.field.join('.') : (s.field ?? '')))
  if (!field) return undefined
  return s.order === 'descend' ? `${field} desc` : field
}

/** Where the next page starts, or undefined when every row is loaded. */
export function nextSkip(pages: readonly Page<unknown>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0)
  const total = pages.at(-1)?.totalCount ?? 0
  const last = pages.at(-1)
  // An empty page ends the list even if the total says more (rows deleted meanwhile).
  if (!last || last.items.length === 0 || loaded >= total) return undefined
  return loaded
}

/** The rows of loaded pages in order, each id once (a row may shift between pages while they load). */
export function rowsOf<T extends { id: string }>(pages: readonly Page<T>[] | undefined): T[] {
  const seen = new Set<string>()
  const out: T[] = []
  for (const p of pages ?? [])
    for (const r of p.items) {
      if (seen.has(r.id)) continue
      seen.add(r.id)
      out.push(r)
    }
  return out
}

export interface ScrollMetrics {
  scrollTop: number
  clientHeight: number
  scrollHeight: number
}

/** True when the scrolled box is within the threshold of its bottom. */
export function nearBottom(m: ScrollMetrics, threshold = LOAD_MORE_THRESHOLD_PX): boolean {
  return m.scrollHeight - m.scrollTop - m.clientHeight <= threshold
}

/**
 * A cached list with one row replaced by its saved version (so the table shows the save at once,
 * before the list reloads). Works on one page (`{items}`) and on pages read as the user scrolls
 * (`{pages: [{items}]}`); anything else is returned as it is.
 */
export function replaceRow<T extends { id: string }, D>(data: D, saved: T): D {
  const swap = (p: unknown) => {
    const page = p as { items?: T[] }
    return Array.isArray(page?.items) ? { ...page, items: page.items.map((r) => (r.id === saved.id ? saved : r)) } : p
  }
  const d = data as { pages?: unknown[]; items?: unknown[] } | undefined
  if (d && Array.isArray(d.pages)) return { ...d, pages: d.pages.map(swap) } as D
  if (d && Array.isArray(d.items)) return swap(d) as D
  return data
}
