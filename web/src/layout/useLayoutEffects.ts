import { useEffect, useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { App } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { MOBILE_BREAKPOINT, useAppStore } from './stores'
import { useTagsStore } from './tags-view/tagsStore'
import { tagTitle, type TagView } from './tags-view/tagsRules'
import { useShellRoutes } from '../components/shell'
import { routeTitle } from '../components/useRouteTitle'
import type { AppRoute } from '../app/buildRoutes'
import { checkTenant, sessionKeys } from '../api/session'

/** Desktop or mobile by window width (mobile below 992 px); the sidebar closes on mobile. */
export function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice)
  const closeSidebar = useAppStore((s) => s.closeSidebar)
  const { pathname } = useLocation()
  const device = useAppStore((s) => s.device)
  useLayoutEffect(() => {
    const check = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT
      const was = useAppStore.getState().device
      setDevice(mobile ? 'mobile' : 'desktop')
      if (mobile && was !== 'mobile') closeSidebar()
    }
    check()
    window.addEventListener('resize', check)
    return () => window.removeEventListener('resize', check)
  }, [setDevice, closeSidebar])
  useEffect(() => {
    if (device === 'mobile') closeSidebar()
  }, [pathname, device, closeSidebar])
}

function toView(route: AppRoute, pathname: string, search: string, t: (k: string) => string): TagView {
  return {
    path: pathname,
    fullPath: pathname + search,
    name: route.name,
    title: tagTitle(pathname, new URLSearchParams(search), route, t),
    affix: route.affix,
    noCache: route.noCache,
  }
}

/** Keeps the tab bar in step with navigation, pinned routes and the language. */
export function useTagsSync() {
  const { pathname, search } = useLocation()
  const { pages, find } = useShellRoutes()
  const { t } = useTranslation()
  const add = useTagsStore((s) => s.add)
  const initAffix = useTagsStore((s) => s.initAffix)
  const retitle = useTagsStore((s) => s.retitle)

  useEffect(() => {
    initAffix(pages.filter((r) => r.affix && !r.path.includes(':')).map((r) => toView(r, r.path, '', t)))
  }, [pages, initAffix, t])

  useEffect(() => {
    const route = find(pathname)
    if (route && !route.noTag) add(toView(route, pathname, search, t))
  }, [pathname, search, find, add, t])

  useEffect(() => {
    const titles: Record<string, string> = {}
    for (const v of useTagsStore.getState().visitedViews) {
      const route = find(v.path)
      if (route) titles[v.path] = tagTitle(v.path, new URLSearchParams(v.fullPath.split('?')[1] ?? ''), route, t)
    }
    retitle(titles)
  }, [find, t, retitle])
}

/** Page title: the route's displayName, else its translated title plus the product title. */
export function usePageTitle() {
  const { pathname } = useLocation()
  const { find } = useShellRoutes()
  const { t } = useTranslation()
  useEffect(() => {
    const route = find(pathname)
    if (route?.displayName) document.title = route.displayName
    else if (route) document.title = `${routeTitle(route, t)} - ${t('app.title')}`
    else document.title = t('app.title')
  }, [pathname, find, t])
}

/** A persistent warning when the tenant check says the tenant is flagged with a message. */
export function useTenantCheck() {
  const { notification } = App.useApp()
  const { data } = useQuery({ queryKey: sessionKeys.tenantCheck, queryFn: checkTenant, staleTime: Infinity, retry: false })
  useEffect(() => {
    if (data?.isActive && data.message) {
      notification.warning({ key: 'tenant-check', title: data.tenantName ?? undefined, description: data.message, duration: 0 })
    }
  }, [data, notification])
}
