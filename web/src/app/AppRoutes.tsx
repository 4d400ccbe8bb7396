import { lazy, Suspense, useEffect, useMemo, useRef } from 'react'
import { Navigate, Route, Routes, useLocation, useRoutes, type RouteObject } from 'react-router'
import { App, Spin } from 'antd'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { decide } from './guard'
import { buildMenuRoutes, buildPageTable, findRoute, isBarePage, missingRouteStatus, type AppRoute } from './buildRoutes'
import { registeredKeys } from './registry'
import { RoutePage } from './RoutePage'
import { LoginPage } from './pages/LoginPage'
import { RedirectPage } from './pages/RedirectPage'
import { useToken } from '../components/useToken'
import { useAppConfig } from '../components/useAppConfig'
import { ShellContext, type ShellRoutes } from '../components/shell'
import { fetchWebMenu, sessionKeys } from '../api/session'
import { clearToken } from '../api/token'
import { setHttpTimeoutSeconds } from '../api/http'
import { toAppLanguage } from '../api/language'
import { Layout } from '../layout/Layout'
import { usePageTitle } from '../layout/useLayoutEffects'

const LazyErrorPage = lazy(() => import('./pages/ErrorPage').then((m) => ({ default: m.ErrorPage })))
const PublicPage = lazy(() => import('./pages/PublicPage').then((m) => ({ default: m.PublicPage })))
const RegisterPage = lazy(() => import('../features/account/RegisterPage').then((m) => ({ default: m.RegisterPage })))
const AuthRedirectPage = lazy(() => import('../features/wechat/AuthRedirectPage').then((m) => ({ default: m.AuthRedirectPage })))
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })))

function ErrorPage({ status }: { status: 401 | 404 }) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage status={status} />
    </Suspense>
  )
}

/** Top of the application: the route guard of spec 002 §2.1–2.2. */
export function AppRoutes() {
  const { pathname, search } = useLocation()
  const token = useToken()
  const d = decide(pathname, search, !!token)
  if (d.kind === 'redirect') return <Navigate to={d.to} replace />
  if (d.kind === 'render-public') return <PublicRoutes />
  return <GuardedApp />
}

function PublicRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/auth-redirect"
        element={
          <Suspense fallback={null}>
            <AuthRedirectPage />
          </Suspense>
        }
      />
      <Route
        path="/register"
        element={
          <Suspense fallback={null}>
            <RegisterPage />
          </Suspense>
        }
      />
      <Route
        path="/reset-password"
        element={
          <Suspense fallback={null}>
            <ResetPasswordPage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <PublicPage />
          </Suspense>
        }
      />
    </Routes>
  )
}

function FullPageSpin() {
  return (
    <div className="kerf-boot" data-testid="boot">
      <Spin size="large" />
    </div>
  )
}

/**
 * With a token: the configuration (permissions) is loaded and the permitted routes are built once;
 * on failure the token and permissions are cleared, the error shown, and the user sent to login.
 */
function GuardedApp() {
  const { i18n } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const language = toAppLanguage(i18n.language)
  const config = useAppConfig()
  const menu = useQuery({
    queryKey: sessionKeys.menu(language),
    queryFn: fetchWebMenu,
    enabled: config.isSuccess,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  })
  const failed = useRef(false)
  const error = config.error ?? (menu.isError && !menu.data ? menu.error : null)

  useEffect(() => {
    if (!error || failed.current) return
    failed.current = true
    message.error((error as Error).message || 'Has Error')
    qc.removeQueries({ queryKey: sessionKeys.config })
    qc.removeQueries({ queryKey: ['menu'] })
    clearToken()
  }, [error, message, qc])

  useEffect(() => {
    const timeout = config.data?.setting?.values?.['BasicSetup.HttpTimeoutPeriod']
    if (timeout !== undefined) setHttpTimeoutSeconds(timeout)
  }, [config.data])

  if (error || !config.data || !menu.data) return <FullPageSpin />
  return <ShellRoutesView menu={menu.data} />
}

function ShellRoutesView({ menu }: { menu: Parameters<typeof buildMenuRoutes>[0] }) {
  const shell = useMemo<ShellRoutes>(() => {
    const tree = buildMenuRoutes(menu)
    const pages = buildPageTable(tree)
    return { tree, pages, find: (p: string) => findRoute(pages, p) }
  }, [menu])

  const routes = useMemo<RouteObject[]>(
    () => [
      // Hidden route (spec 002 §2.3): the login screen as a logged-in preview, outside the layout.
      { path: '/yulan', element: <LoginPage preview /> },
      // Menu pages that other pages frame (the design viewer in the order screen): outside the
      // layout, yet only those of the user's menu, so login and the permission still hold.
      ...shell.pages.filter(isBarePage).map((r): RouteObject => ({ path: r.path, element: <BarePage route={r} /> })),
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          { path: '/profile-setting', element: <Navigate to="/profile-setting/index" replace /> },
          ...shell.pages.filter((r) => !isBarePage(r)).map((r): RouteObject => {
            switch (r.component) {
              case 'redirect':
                return { path: r.path, element: <RedirectPage /> }
              case '401':
                return { path: r.path, element: <ErrorPage status={401} /> }
              case '404':
                return { path: r.path, element: <ErrorPage status={404} /> }
              default:
                return { path: r.path, element: <RoutePage route={r} /> }
            }
          }),
          { path: '*', element: <MissingRoute /> },
        ],
      },
    ],
    [shell],
  )
  const element = useRoutes(routes)
  return <ShellContext.Provider value={shell}>{element}</ShellContext.Provider>
}

/** A page without the layout: the page alone, and the window's title the layout would set. */
function BarePage({ route }: { route: AppRoute }) {
  usePageTitle()
  return <RoutePage route={route} />
}

/** A path the user has no route for: 401 when the page exists but is not permitted, else 404. */
function MissingRoute() {
  const { pathname } = useLocation()
  return <ErrorPage status={missingRouteStatus(pathname, registeredKeys)} />
}
