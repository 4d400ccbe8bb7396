import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { routeTitle, useShellRoutes } from '../../components'
import { routeTitles } from './rules'

/** The menu titles of the user's routes by route key (a route outside their menu has none). */
export function useRouteTitles(): Map<string, string> {
  const { pages } = useShellRoutes()
  const { t } = useTranslation()
  return useMemo(() => routeTitles(pages, (r) => routeTitle(r, t)), [pages, t])
}
