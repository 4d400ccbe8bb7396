import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useShellRoutes } from './shell'
import type { AppRoute } from '../app/buildRoutes'

/** The display title of a route: its displayName, else its translated title. */
export function routeTitle(route: Pick<AppRoute, 'displayName' | 'title'> | undefined, t: (k: string) => string): string {
  if (!route) return ''
  return route.displayName || t(route.title)
}

/** The title of the route being shown. */
export function useRouteTitle(): string {
  const { pathname } = useLocation()
  const { find } = useShellRoutes()
  const { t } = useTranslation()
  return routeTitle(find(pathname), t)
}
