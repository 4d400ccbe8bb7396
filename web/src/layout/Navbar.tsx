import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { App, Avatar, Breadcrumb, Button, Dropdown, Flex, Modal, Space, Tooltip } from 'antd'
import {
  ArrowLeftOutlined,
  ColumnHeightOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import screenfull from 'screenfull'
import { useShellRoutes } from '../components/shell'
import { useAppConfig } from '../components/useAppConfig'
import { usePermission } from '../components/usePermission'
import { WeChatPermissions } from '../features/wechat/permissions'
import { routeTitle } from '../components/useRouteTitle'
import { ChangePasswordForm } from '../components/ChangePasswordForm'
import { DASHBOARD_PATH } from '../app/buildRoutes'
import { backToMyAccount, isImpersonating, logout } from '../app/sessionActions'
import { OAuthError } from '../api/oauth'
import { NotificationBell } from '../features/notifications/NotificationBell'
import { ChatNavEntry } from '../features/chat/ChatNavEntry'
import { LanguagePicker } from './LanguagePicker'
import { HeaderSearch } from './header-search/HeaderSearch'
import { useAppStore, type SizeName } from './stores'

const AppDownload = lazy(() => import('./AppDownload').then((m) => ({ default: m.AppDownload })))
const BindingDialog = lazy(() => import('../components/home-design').then((m) => ({ default: m.BindingDialog })))
const WeChatDialog = lazy(() => import('../features/wechat/WeChatDialog').then((m) => ({ default: m.WeChatDialog })))

/** Product version when the server has no App.Version setting (spec 002 §9). */
export const DEFAULT_VERSION = '2.3.8'

function BreadcrumbBar() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { find } = useShellRoutes()
  const route = find(pathname)
  const dashboard = find(DASHBOARD_PATH)
  const items: { title: React.ReactNode }[] = [
    { title: <Link to={DASHBOARD_PATH}>{routeTitle(dashboard, t) || t('route.dashboard')}</Link> },
  ]
  if (route && route.path !== DASHBOARD_PATH && !route.noTag) {
    for (const p of route.parents) items.push({ title: p })
    items.push({ title: routeTitle(route, t) })
  }
  return <Breadcrumb className="kerf-breadcrumb" items={items} data-testid="breadcrumb" />
}

function FullScreenButton() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [full, setFull] = useState(false)
  const toggle = async () => {
    if (!screenfull.isEnabled) {
      message.warning('you browser can not work')
      return
    }
    await screenfull.toggle()
    setFull(screenfull.isFullscreen)
  }
  return (
    <Tooltip title={t('navbar.fullScreen')}>
      <Button type="text" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} data-testid="full-screen" />
    </Tooltip>
  )
}

function SizePicker() {
  const { t } = useTranslation()
  const size = useAppStore((s) => s.size)
  const setSize = useAppStore((s) => s.setSize)
  const sizes: SizeName[] = ['medium', 'small', 'mini']
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`navbar.size.${s}`)}</span> })),
        onClick: ({ key }) => {
          if (key === size) return
          setSize(key as SizeName)
          window.location.reload()
        },
      }}
    >
      <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('navbar.size.title')} data-testid="size-picker" />
    </Dropdown>
  )
}

function UserMenu() {
  const { t } = useTranslation()
  const { t: tw } = useTranslation('wechat')
  const { data: config } = useAppConfig()
  const { has } = usePermission()
  const setSettingsOpen = useAppStore((s) => s.setSettingsOpen)
  const [passwordOpen, setPasswordOpen] = useState(false)
  const [wechatOpen, setWechatOpen] = useState(false)
  const [qrOpen, setQrOpen] = useState(false)
  const [bindingOpen, setBindingOpen] = useState(false)
  const user = config?.currentUser
  const tenant = config?.currentTenant?.name
  const version = config?.setting?.values?.['App.Version'] || DEFAULT_VERSION
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div className="kerf-user-who" data-testid="user-who">
                  {config?.multiTenancy?.isEnabled === false ? null : <div>{tenant ? `${t('navbar.tenant')}: ${tenant}` : t('navbar.host')}</div>}
                  <div>{user?.userName}</div>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'profile', label: <Link to="/profile-setting/index">{t('navbar.profile')}</Link> },
            { key: 'password', label: <span data-testid="menu-change-password">{t('navbar.changePassword')}</span> },
            { key: 'homeDesign', label: <span data-testid="menu-home-design-binding">{t('navbar.homeDesign')}</span> },
            ...(has(WeChatPermissions.Official)
              ? [{ key: 'wechat', label: <span data-testid="menu-wechat">{tw('menu')}</span> }]
              : []),
            { key: 'settings', label: t('navbar.settings') },
            { key: 'app', label: t('navbar.appDownload') },
            { key: 'version', disabled: true, label: <span data-testid="version">{`${t('navbar.version')} ${version}`}</span> },
            { type: 'divider' },
            { key: 'logout', label: <span data-testid="menu-logout">{t('navbar.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setPasswordOpen(true)
            else if (key === 'homeDesign') setBindingOpen(true)
            else if (key === 'wechat') setWechatOpen(true)
            else if (key === 'settings') setSettingsOpen(true)
            else if (key === 'app') setQrOpen(true)
            else if (key === 'logout') void logout()
          },
        }}
      >
        <Button type="text" className="kerf-user" data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} />
          <span className="kerf-user-name">{user?.name || user?.userName}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={passwordOpen}
        title={t('navbar.changePassword')}
        footer={null}
        onCancel={() => setPasswordOpen(false)}
        destroyOnHidden
        data-testid="change-password-dialog"
      >
        <ChangePasswordForm onDone={() => setPasswordOpen(false)} onCancel={() => setPasswordOpen(false)} />
      </Modal>
      {bindingOpen ? (
        <Suspense fallback={null}>
          <BindingDialog open={bindingOpen} onClose={() => setBindingOpen(false)} />
        </Suspense>
      ) : null}
      {wechatOpen ? (
        <Suspense fallback={null}>
          <WeChatDialog open={wechatOpen} onClose={() => setWechatOpen(false)} />
        </Suspense>
      ) : null}
      {qrOpen ? (
        <Suspense fallback={null}>
          <AppDownload open={qrOpen} onClose={() => setQrOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

function BackToMyAccount() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const { data: config } = useAppConfig()
  const user = config?.currentUser
  if (!user || !isImpersonating(user)) return null
  return (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      data-testid="back-to-my-account"
      onClick={() =>
        backToMyAccount(user, qc).catch((e: unknown) => message.error(e instanceof OAuthError ? e.message : String(e)))
      }
    >
      {t('navbar.backToMyAccount')}
    </Button>
  )
}

/** The top bar: sidebar toggle, breadcrumb, and the tools at the right. */
export function Navbar() {
  const { t } = useTranslation()
  const opened = useAppStore((s) => s.sidebarOpened)
  const device = useAppStore((s) => s.device)
  const toggle = useAppStore((s) => s.toggleSidebar)
  const setSettingsOpen = useAppStore((s) => s.setSettingsOpen)
  return (
    <Flex className="kerf-navbar" align="center" justify="space-between" data-testid="navbar">
      <Flex align="center" gap={4} style={{ minWidth: 0 }}>
        <Button
          type="text"
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggle}
          aria-label={t('navbar.toggleSidebar')}
          data-testid="hamburger"
        />
        {device === 'mobile' ? null : <BreadcrumbBar />}
      </Flex>
      <Space size={2} className="kerf-navbar-right">
        <BackToMyAccount />
        <HeaderSearch />
        {device === 'mobile' ? null : <FullScreenButton />}
        {device === 'mobile' ? null : <SizePicker />}
        <LanguagePicker />
        <ChatNavEntry />
        <NotificationBell />
        <Tooltip title={t('navbar.settings')}>
          <Button type="text" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="open-settings" />
        </Tooltip>
        <UserMenu />
      </Space>
    </Flex>
  )
}
