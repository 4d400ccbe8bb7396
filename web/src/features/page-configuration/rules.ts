import { limits } from '../../api/gen/limits'
import { parseConfig, routeKeyOf, toConfigJson, type ColumnSetting } from '../../components'
import type { AppRoute } from '../../app/buildRoutes'

/**
 * Rules of the page configuration screen: a saved config as the columns the chooser edits,
 * the hidden fields as keys, and the checks the server makes again (docs/decisions/0010).
 */

/** The most roles a role list holds (the server's maxItems). */
export const MAX_ROLES = limits.PageconfigUpdateInput.roleList.maxItems

/** A stored config as the chooser's columns, in their order; null when it cannot be read. */
export function settingsOf(config: string | null | undefined): ColumnSetting[] | null {
  const saved = parseConfig(config)
  if (!saved) return null
  return [...saved].sort((a, b) => a.order - b.order).map((s, i) => ({ ...s, title: s.title || s.key, order: i }))
}

/** The columns as the config the server keeps. */
export const configOf = (settings: ColumnSetting[]) => toConfigJson(settings)

/** Whether at least one column is shown (the server refuses a config that shows none). */
export const showsAColumn = (settings: readonly ColumnSetting[]) => settings.some((s) => s.isShow)

/** Stored hidden fields as keys ([] when empty or unreadable). */
export function hiddenKeys(hiddenFields: string | null | undefined): string[] {
  if (!hiddenFields?.trim()) return []
  try {
    const v: unknown = JSON.parse(hiddenFields)
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string' && k !== '') : []
  } catch {
    return []
  }
}

/** Keys as the hiddenFields JSON the server keeps (each once, in the given order). */
export const hiddenJson = (keys: readonly string[]) => JSON.stringify([...new Set(keys)])

/** The choices of the hidden-fields select: the config's columns, by title. */
export function hiddenOptions(settings: readonly ColumnSetting[], hidden: readonly string[] = []): { value: string; label: string }[] {
  const out = settings.map((s) => ({ value: s.key, label: s.title && s.title !== s.key ? `${s.title} (${s.key})` : s.key }))
  // A hidden key the config does not name (a column added after it was saved) stays choosable.
  for (const k of hidden) if (!settings.some((s) => s.key === k)) out.push({ value: k, label: k })
  return out
}

/**
 * The menu titles of the routes the user's menu holds, by route key ('/a/b' → 'zzzazzzb').
 * A route outside the menu has none: the screen then shows its key alone.
 */
export function routeTitles(pages: readonly AppRoute[], title: (r: AppRoute) => string): Map<string, string> {
  const out = new Map<string, string>()
  for (const p of pages) {
    if (!p.path || p.component === 'Layout' || p.isExternal) continue
    const t = title(p)
    if (t) out.set(routeKeyOf(p.path), t)
  }
  return out
}
