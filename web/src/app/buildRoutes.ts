import { matchPath } from 'react-router'
import type { MenuItem } from '../api/types'

/** A route of the shell: from a server menu item, or one of the fixed hidden routes. */
export interface AppRoute {
  id: string
  /** Route name: the key of its cached view. */
  name: string
  /** Absolute path (a pattern such as /orders/:id is allowed). */
  path: string
  /** Translation key or plain title (used when there is no displayName). */
  title: string
  /** Title already localised by the server. */
  displayName?: string | null
  /** Component key, e.g. 'products/index'; 'Layout' for a group. */
  component: string
  icon?: string | null
  order: number
  permission?: string | null
  activeMenu?: string | null
  noCache: boolean
  affix: boolean
  isExternal: boolean
  /** Not shown in the sidebar (fixed hidden routes). */
  hidden: boolean
  /** Not added to the tab bar (/redirect). */
  noTag?: boolean
  isGroup: boolean
  /** Titles of the parent groups, outermost first. */
  parents: string[]
  children: AppRoute[]
}

export const ROOT_PARENT_ID = '00000000-0000-0000-0000-000000000000'
export const DASHBOARD_PATH = '/dashboard'

export function isExternalPath(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path)
}

/** Joins a child path to its parent's, unless it is absolute or external. */
export function resolvePath(base: string, path: string): string {
  const p = (path ?? '').trim()
  if (isExternalPath(p)) return p
  if (p.startsWith('/')) return normalise(p)
  if (!p) return normalise(base || '/')
  return normalise(`${base.replace(/\/+$/, '')}/${p}`)
}

function normalise(p: string): string {
  const s = ('/' + p).replace(/\/{2,}/g, '/')
  return s.length > 1 ? s.replace(/\/+$/, '') : s
}

/** Component key normalised for lookup: no leading './' or '/', no file extension, lower case. */
export function normaliseComponentKey(key: string | null | undefined): string {
  return (key ?? '')
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .toLowerCase()
}

function isGroupItem(item: MenuItem): boolean {
  return (item.children?.length ?? 0) > 0 || item.component === 'Layout'
}

/**
 * Turns the server's menu tree into the shell's route tree: paths resolved against parents,
 * siblings sorted by order, groups marked, external links recognised.
 */
export function buildMenuRoutes(items: MenuItem[], base = '/', parents: string[] = []): AppRoute[] {
  return [...(items ?? [])]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((item) => {
      const path = resolvePath(base, item.path)
      const title = item.displayName || item.name
      const external = !!item.isExternal || isExternalPath(item.path)
      const route: AppRoute = {
        id: item.id,
        name: item.name || path,
        path,
        title,
        displayName: item.displayName || null,
        component: item.component,
        icon: item.icon ?? null,
        order: item.order ?? 0,
        permission: item.permission ?? null,
        activeMenu: item.activeMenu ?? null,
        noCache: !!item.noCache,
        affix: !!item.affix || path === DASHBOARD_PATH,
        isExternal: external,
        hidden: false,
        isGroup: isGroupItem(item),
        parents,
        children: [],
      }
      route.children = buildMenuRoutes(item.children ?? [], external ? base : path, [...parents, title])
      return route
    })
}

/** Every route that renders a page (groups and external links excluded), depth first. */
export function flattenRoutes(tree: AppRoute[]): AppRoute[] {
  const out: AppRoute[] = []
  const walk = (list: AppRoute[]) => {
    for (const r of list) {
      if (!r.isGroup && !r.isExternal) out.push(r)
      walk(r.children)
    }
  }
  walk(tree)
  return out
}

function hiddenRoute(path: string, name: string, title: string, component: string, extra: Partial<AppRoute> = {}): AppRoute {
  return {
    id: `hidden:${name}`,
    name,
    path,
    title,
    displayName: null,
    component,
    order: 0,
    noCache: true,
    affix: false,
    isExternal: false,
    hidden: true,
    isGroup: false,
    parents: [],
    children: [],
    ...extra,
  }
}

/** The fixed hidden routes of spec 002 §2.3 that live inside the shell. */
export function hiddenRoutes(): AppRoute[] {
  return [
    hiddenRoute('/redirect/*', 'Redirect', 'route.redirect', 'redirect', { noTag: true }),
    hiddenRoute('/401', 'Page401', 'route.401', '401'),
    hiddenRoute('/404', 'Page404', 'route.404', '404'),
    hiddenRoute('/profile-setting/index', 'ProfileSetting', 'route.profileSetting', 'profile-setting/index', { noCache: false }),
  ]
}

/** A dashboard route when the server menu has none, so that / always has somewhere to go. */
export function fallbackDashboard(): AppRoute {
  return hiddenRoute(DASHBOARD_PATH, 'Dashboard', 'route.dashboard', 'dashboard/index', { affix: true, noCache: false })
}

/**
 * The complete page table of the shell: menu pages first (they win on equal paths), then the
 * hidden routes, plus the dashboard when the menu lacks it.
 */
export function buildPageTable(tree: AppRoute[]): AppRoute[] {
  const pages = flattenRoutes(tree)
  const seen = new Set(pages.map((p) => p.path))
  const extra = hiddenRoutes().filter((r) => !seen.has(r.path))
  if (!seen.has(DASHBOARD_PATH)) extra.push(fallbackDashboard())
  return [...pages, ...extra]
}

/**
 * Component keys of the pages shown without the layout (no sidebar, header, tabs or their
 * calls): pages that other pages show in an iframe, such as the design viewer of
 * internal/homedesign/menu.go in the order screen's audit-design tab. They stay menu routes,
 * so only a user whose menu holds them (login and the entry's permission) opens them.
 */
export const BARE_PAGES: ReadonlySet<string> = new Set(['home-design/viewer'])

/** Whether a route renders outside the layout (its component key is among BARE_PAGES). */
export function isBarePage(route: Pick<AppRoute, 'component'>): boolean {
  return BARE_PAGES.has(normaliseComponentKey(route.component))
}

/** The route a location shows, if any. */
export function findRoute(pages: AppRoute[], pathname: string): AppRoute | undefined {
  return pages.find((r) => matchPath({ path: r.path, end: true }, pathname))
}

/**
 * Route groups of spec 002 §2.4, and the groups Kerf's own menus add (catalogue, basic setup,
 * sales, the design platform's viewer): paths under them exist even when this user may not
 * open them.
 */
export const KNOWN_GROUPS = [
  'catalog',
  'basic-setup',
  'sales',
  'admin',
  'auditing',
  'apigateway',
  'identityServer',
  'identity',
  'saas',
  'file-management',
  'container',
  'jsoncheck',
  'ixcheck',
  'engineOptimization',
  'optimization',
  'language-management',
  'text-templates',
  'home-design',
  'offcut',
]

/**
 * For a path that is not among the user's routes: 401 when the page exists but is not permitted
 * (its component key is registered by a feature, or it lies in a known route group), else 404.
 */
export function missingRouteStatus(pathname: string, registeredKeys: ReadonlySet<string>): 401 | 404 {
  const key = normaliseComponentKey(pathname)
  if (registeredKeys.has(key) || registeredKeys.has(`${key}/index`)) return 401
  const first = pathname.split('/').filter(Boolean)[0]
  if (first && KNOWN_GROUPS.some((g) => g.toLowerCase() === first.toLowerCase())) return 401
  return 404
}
