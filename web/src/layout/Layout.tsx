import { lazy, Suspense } from 'react'
import { Drawer } from 'antd'
import { AppMain } from './AppMain'
import { Navbar } from './Navbar'
import { Sidebar } from './Sidebar'
import { TagsView } from './tags-view/TagsView'
import { useAppStore, useSettingsStore } from './stores'
import { usePageTitle, useResponsive, useTagsSync, useTenantCheck } from './useLayoutEffects'

const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })))

/** The shell: sidebar, navbar, tags view and the page area; a drawer sidebar below 992 px. */
export function Layout() {
  useResponsive()
  useTagsSync()
  usePageTitle()
  useTenantCheck()
  const device = useAppStore((s) => s.device)
  const opened = useAppStore((s) => s.sidebarOpened)
  const closeSidebar = useAppStore((s) => s.closeSidebar)
  const tagsView = useSettingsStore((s) => s.tagsView)
  const fixedHeader = useSettingsStore((s) => s.fixedHeader)
  const mobile = device === 'mobile'
  const settingsOpen = useAppStore((s) => s.settingsOpen)
  return (
    <div className={`kerf-app ${device} ${opened ? 'sidebar-open' : 'sidebar-closed'}`} data-testid="layout" data-device={device}>
      {mobile ? (
        <Drawer
          open={opened}
          placement="left"
          onClose={closeSidebar}
          size={210}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
          data-testid="mobile-sidebar"
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <Sidebar collapsed={!opened} />
      )}
      <div className="kerf-main">
        <header className={`kerf-header${fixedHeader ? ' fixed' : ''}`}>
          <Navbar />
          {tagsView ? <TagsView /> : null}
        </header>
        <main className="kerf-content">
          <AppMain />
        </main>
      </div>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
    </div>
  )
}
