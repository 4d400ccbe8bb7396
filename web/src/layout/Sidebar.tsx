import { useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Menu, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useShellRoutes } from '../components/shell'
import { useAppConfig } from '../components/useAppConfig'
import type { AppRoute } from '../app/buildRoutes'
import { menuIcon } from './menuIcons'
import { useAppStore, useSettingsStore } from './stores'

type Item = Required<MenuProps>['items'][number]

/** Logo by host name: one when the host contains "oms", another otherwise; the web-logo setting wins. */
export function logoFor(hostname: string, setting: string | null | undefined): string {
  if (setting && setting.trim()) return setting.trim()
  return hostname.includes('oms') ? '/logo-oms.svg' : '/logo.svg'
}

function toItems(routes: AppRoute[], t: (k: string) => string): Item[] {
  return routes
    .filter((r) => !r.hidden && !r.path.includes(':'))
    .map((r): Item => {
      const title = r.displayName || t(r.title)
      const icon = menuIcon(r.icon, r.name, r.isGroup)
      if (r.isGroup) {
        const children = toItems(r.children, t)
        return { key: r.path, icon, label: <span data-testid={`menu-${r.name}`}>{title}</span>, children }
      }
      if (r.isExternal) {
        return {
          key: r.path,
          icon,
          label: (
            <a href={r.path} target="_blank" rel="noopener noreferrer" data-testid={`menu-${r.name}`}>
              {title}
            </a>
          ),
        }
      }
      return {
        key: r.path,
        icon,
        label: (
          <Link to={r.path} data-testid={`menu-${r.name}`}>
            {title}
          </Link>
        ),
      }
    })
}

function ancestorsOf(tree: AppRoute[], key: string, trail: string[] = []): string[] | null {
  for (const r of tree) {
    if (r.path === key) return trail
    const found = ancestorsOf(r.children, key, [...trail, r.path])
    if (found) return found
  }
  return null
}

/** The permitted route tree: sorted, active item by activeMenu else path, one submenu open at a time. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { tree, find } = useShellRoutes()
  const { data: config } = useAppConfig()
  const showLogo = useSettingsStore((s) => s.sidebarLogo)
  const textTheme = useSettingsStore((s) => s.sidebarTextTheme)
  const device = useAppStore((s) => s.device)
  const closeSidebar = useAppStore((s) => s.closeSidebar)
  const items = useMemo(() => toItems(tree, t), [tree, t])
  const route = find(pathname)
  const active = route?.activeMenu || route?.path || pathname
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf(tree, active) ?? [])

  useEffect(() => {
    const anc = ancestorsOf(tree, active)
    if (anc && anc.length) setOpenKeys(anc)
  }, [active, tree])

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k))
    if (!latest) return setOpenKeys(keys)
    setOpenKeys([...(ancestorsOf(tree, latest) ?? []), latest])
  }

  const logo = logoFor(window.location.hostname, config?.setting?.values?.['SalesOrder.WebLogo'])
  return (
    <div className={`kerf-sidebar${collapsed ? ' collapsed' : ''}${textTheme ? ' text-theme' : ''}`} data-testid="sidebar">
      {showLogo ? (
        <Link to="/" className="kerf-logo" data-testid="sidebar-logo">
          <img src={logo} alt="" />
          {collapsed ? null : <span>{t('app.title')}</span>}
        </Link>
      ) : null}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[active]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={onOpenChange}
        onClick={() => device === 'mobile' && closeSidebar()}
      />
    </div>
  )
}
