import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { normaliseComponentKey } from './buildRoutes'
import type { FeatureRoutes, PageLoader } from './pages'

/** Every feature's `routes.ts`, found at build time; the pages inside load lazily. */
const featureModules = import.meta.glob<{ routes?: FeatureRoutes }>('../features/*/routes.ts', { eager: true })

export function collectRegistry(modules: Record<string, { routes?: FeatureRoutes }>): Map<string, PageLoader> {
  const map = new Map<string, PageLoader>()
  for (const [file, mod] of Object.entries(modules)) {
    for (const [key, loader] of Object.entries(mod.routes ?? {})) {
      const k = normaliseComponentKey(key)
      if (map.has(k)) console.warn(`component key ${k} registered twice; ${file} wins`)
      map.set(k, loader)
    }
  }
  return map
}

const DefaultLayoutPage = lazy(() => import('./pages/DefaultLayoutPage').then((m) => ({ default: m.DefaultLayoutPage })))

const registry = collectRegistry(featureModules)
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>()

const CHUNK_RELOAD_KEY = 'kerf.chunkReload'

function reloadOnceForStaleChunks(): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0)
    if (Date.now() - last < 30_000) return false
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    window.location.reload()
    return true
  } catch {
    return false
  }
}

/** Keys of every registered page. */
export const registeredKeys: ReadonlySet<string> = new Set(registry.keys())

/**
 * The page for a menu component key. A key with no page, or a page that fails to load, falls
 * back to the default layout page (spec 002 §2.4).
 */
export function pageFor(componentKey: string): LazyExoticComponent<ComponentType> | ComponentType {
  const key = normaliseComponentKey(componentKey)
  const loader = registry.get(key)
  if (!loader) return DefaultLayoutPage
  let page = lazyPages.get(key)
  if (!page) {
    page = lazy<ComponentType>(() =>
      loader().then(
        (m) => ({ default: (typeof m === 'object' && m !== null && 'default' in m ? m.default : m) as ComponentType }),
        (e: unknown) => {
          console.error(`page ${key} failed to load`, e)
          // After a new version is deployed, an open tab asks for chunks that are gone: reload once.
          if (reloadOnceForStaleChunks()) return new Promise<never>(() => undefined)
          return import('./pages/DefaultLayoutPage').then((d) => ({ default: d.DefaultLayoutPage as ComponentType }))
        },
      ),
    )
    lazyPages.set(key, page)
  }
  return page
}
