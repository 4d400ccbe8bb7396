import Fuse from 'fuse.js'
import type { AppRoute } from '../../app/buildRoutes'

export interface SearchEntry {
  path: string
  /** Parent titles then the route's own title. */
  title: string[]
  external: boolean
}

/** Fuzzy-search threshold of spec 000 §9. */
export const SEARCH_THRESHOLD = 0.4

/**
 * The search pool: every visible route that opens something, with its translated title
 * path (parents first) and its path. Hidden routes and their children are left out, and so
 * are routes with a parameter (`/sales/orders/:id`): there is nothing to open without one.
 */
export function generateSearchPool(routes: AppRoute[], t: (key: string) => string, prefix: string[] = []): SearchEntry[] {
  const out: SearchEntry[] = []
  for (const r of routes) {
    if (r.hidden) continue
    const title = [...prefix, r.displayName || t(r.title)]
    if (!r.isGroup && !r.path.includes(':')) out.push({ path: r.path, title, external: r.isExternal })
    if (r.children.length) out.push(...generateSearchPool(r.children, t, title))
  }
  return out
}

export function createSearcher(pool: SearchEntry[]): Fuse<SearchEntry> {
  return new Fuse(pool, {
    shouldSort: true,
    threshold: SEARCH_THRESHOLD,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  })
}

/** Matches of a query, best first. */
export function searchRoutes(searcher: Fuse<SearchEntry>, query: string): SearchEntry[] {
  const q = query.trim()
  if (!q) return []
  return searcher.search(q).map((r) => r.item)
}

export function entryLabel(e: SearchEntry): string {
  return e.title.join(' > ')
}
