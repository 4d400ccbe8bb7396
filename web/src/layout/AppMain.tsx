import { Activity, useRef, type ReactNode } from 'react'
import { useLocation, useOutlet } from 'react-router'
import { useShellRoutes } from '../components/shell'
import { useTagsStore } from './tags-view/tagsStore'

/**
 * The page area. Pages whose names are among the cached views stay mounted, hidden, in React
 * `<Activity>`, so a tab keeps its state; noCache pages, and pages whose cached view was dropped
 * (closed, or Refresh through /redirect), mount afresh.
 */
export function AppMain() {
  const outlet = useOutlet()
  const { pathname } = useLocation()
  const { find } = useShellRoutes()
  const cachedViews = useTagsStore((s) => s.cachedViews)
  const kept = useRef(new Map<string, ReactNode>())

  const route = find(pathname)
  const name = route && !route.noCache && !route.noTag ? route.name : null
  const map = kept.current
  for (const key of [...map.keys()]) if (key !== name && !cachedViews.includes(key)) map.delete(key)
  if (name) map.set(name, outlet)

  return (
    <>
      {[...map.entries()].map(([key, element]) => (
        <Activity key={`kept:${key}`} mode={key === name ? 'visible' : 'hidden'}>
          <div className="kerf-view" data-view={key}>
            {element}
          </div>
        </Activity>
      ))}
      {name ? null : (
        <div className="kerf-view" key={`live:${route?.name ?? pathname}`}>
          {outlet}
        </div>
      )}
    </>
  )
}
