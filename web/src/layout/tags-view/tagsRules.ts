/** The visited-page tab bar rules of spec 001 §2 and spec 002 §4, as pure functions. */

export interface TagView {
  /** Path without query: the identity of a tab. */
  path: string
  /** Path with query: where the tab navigates. */
  fullPath: string
  /** Route name: the key of its cached (kept-alive) view. */
  name: string
  title: string
  affix: boolean
  noCache: boolean
}

export interface TagRouteMeta {
  title?: string
  displayName?: string | null
  affix?: boolean
  noCache?: boolean
}

export interface TagsState {
  visitedViews: TagView[]
  cachedViews: string[]
}

export const NO_NAME = 'no-name'

/**
 * Tab title: the route's displayName; else, for /report/view paths, the report name from the
 * query; else the translated route title; else 'no-name'.
 */
export function tagTitle(
  path: string,
  query: URLSearchParams,
  meta: TagRouteMeta | undefined,
  t: (key: string) => string,
): string {
  if (meta?.displayName) return meta.displayName
  if (path.includes('/report/view')) {
    const name = query.get('name') ?? query.get('reportName')
    if (name) return name
  }
  if (meta?.title) return t(meta.title)
  return NO_NAME
}

/** Adds a tab; ignored when its path is already open. */
export function addVisitedView(views: TagView[], view: TagView): TagView[] {
  if (views.some((v) => v.path === view.path)) return views
  return [...views, view]
}

/** Tracks a cached view by name; skipped when noCache is set or the name is already there. */
export function addCachedView(cached: string[], view: Pick<TagView, 'name' | 'noCache'>): string[] {
  if (!view.name || view.noCache || cached.includes(view.name)) return cached
  return [...cached, view.name]
}

export function addView(state: TagsState, view: TagView): TagsState {
  return { visitedViews: addVisitedView(state.visitedViews, view), cachedViews: addCachedView(state.cachedViews, view) }
}

/** Closes one tab (pinned tabs cannot be closed) and drops its cached view. */
export function delView(state: TagsState, view: TagView): TagsState {
  if (view.affix) return state
  return {
    visitedViews: state.visitedViews.filter((v) => v.path !== view.path),
    cachedViews: state.cachedViews.filter((n) => n !== view.name),
  }
}

/** Drops only the cached view (used by Refresh). */
export function delCachedView(state: TagsState, view: Pick<TagView, 'name'>): TagsState {
  return { ...state, cachedViews: state.cachedViews.filter((n) => n !== view.name) }
}

/** Close Others: keeps pinned tabs and the given one. */
export function delOthersViews(state: TagsState, view: TagView): TagsState {
  return {
    visitedViews: state.visitedViews.filter((v) => v.affix || v.path === view.path),
    cachedViews: state.cachedViews.includes(view.name) ? [view.name] : [],
  }
}

/** Close All: keeps only pinned tabs. */
export function delAllViews(state: TagsState): TagsState {
  return { visitedViews: state.visitedViews.filter((v) => v.affix), cachedViews: [] }
}

/**
 * Where to go after closing `closed` while `activePath` is shown: nowhere unless the active tab
 * was closed; then the last remaining view, or / when none remain.
 */
export function nextPathAfterClose(remaining: TagView[], closed: TagView, activePath: string): string | null {
  if (closed.path !== activePath) return null
  const last = remaining[remaining.length - 1]
  return last ? last.fullPath : '/'
}

/** Pinned tabs from the route table come first in the bar, in route order. */
export function initAffixViews(state: TagsState, affix: TagView[]): TagsState {
  const pinned = affix.map((a) => state.visitedViews.find((v) => v.path === a.path) ?? a)
  const paths = new Set(pinned.map((v) => v.path))
  return { ...state, visitedViews: [...pinned, ...state.visitedViews.filter((v) => !paths.has(v.path))] }
}
