/**
 * Component-test support (Vitest + Testing Library in jsdom): the browser APIs antd needs and
 * jsdom lacks, the app's providers (TanStack Query, antd App, i18n in English), and a fetch
 * stand-in that answers the API calls a test names. Import it from a test that starts with
 * `// @vitest-environment jsdom`.
 */
import type { ReactElement, ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import { configure, render, type RenderResult } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { i18n } from '../i18n'
import { sessionKeys } from '../api/session'
import { ShellContext, type ShellRoutes } from '../components/shell'
import { installRuntime } from '../api/runtime'
import { STORAGE_KEYS, writeLocal } from '../api/storage'

// ---------------------------------------------------------------- browser APIs jsdom lacks

if (typeof window !== 'undefined') {
  if (!window.matchMedia)
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    ;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub
    ;(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub
  }
  window.scrollTo = () => undefined
  // antd measures the scrollbar with getComputedStyle(el, '::-webkit-scrollbar'); jsdom implements no pseudo elements.
  const computed = window.getComputedStyle.bind(window)
  window.getComputedStyle = (el: Element) => computed(el)
}

// Rendering antd tables in jsdom takes seconds when the machine is busy (make test shares two
// cores); a component test may take up to a minute before it counts as hung, and a waitFor or
// findBy waits up to 10 s for what it expects (the default 1 s failed a CI run on a busy machine).
vi.setConfig({ testTimeout: 60_000 })
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

// ---------------------------------------------------------------- providers

export interface RenderOptions {
  client?: QueryClient
  /** The permissions the logged-in user holds (the application configuration's grantedPolicies). */
  granted?: readonly string[]
  /** The browser path (default /). */
  path?: string
  /** The shell's routes (for pages that read their title from the route). */
  shell?: Partial<ShellRoutes>
}

/** Renders `ui` inside the providers the app gives every page; texts are in English. */
export function renderWithApp(ui: ReactElement, { client = testQueryClient(), granted, path = '/', shell }: RenderOptions = {}): RenderResult & { client: QueryClient } {
  writeLocal(STORAGE_KEYS.language, 'en')
  void i18n.changeLanguage('en')
  installRuntime({ language: () => 'en', t: (k) => i18n.t(k), notify: () => undefined })
  if (granted) client.setQueryData(sessionKeys.config, { auth: { grantedPolicies: Object.fromEntries(granted.map((n) => [n, true])) } })
  const routes: ShellRoutes = { tree: [], pages: [], find: () => undefined, ...shell }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <ShellContext.Provider value={routes}>
        <QueryClientProvider client={client}>
          <ConfigProvider theme={{ token: { motion: false } }}>
            <AntApp>{children}</AntApp>
          </ConfigProvider>
        </QueryClientProvider>
      </ShellContext.Provider>
    </MemoryRouter>
  )
  return Object.assign(render(ui, { wrapper }), { client })
}

/** A query client that never retries (a failed call shows its error at once). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

// ---------------------------------------------------------------- the API stand-in

/** One call the page made. */
export interface ApiCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

/** Answers a call: a JSON value (200), or a Response for anything else. */
export type ApiHandler = (call: ApiCall) => unknown

/**
 * Replaces fetch: each call goes to the handler named `METHOD /path` (query left out); an
 * unnamed call fails the test with 404. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://kerf.test')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body }
    calls.push(call)
    const handler = routes[`${method} ${url.pathname}`]
    if (!handler) return new Response(JSON.stringify({ error: { message: `no mock for ${method} ${url.pathname}` } }), { status: 404 })
    const out = await handler(call)
    if (out instanceof Response) return out
    if (out === undefined) return new Response(null, { status: 204 })
    return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } })
  })
  return calls
}

/** A page of rows as the server answers a list: skipCount and maxResultCount applied to `rows`. */
export function pageOf<T>(rows: readonly T[], call: ApiCall): { items: T[]; totalCount: number } {
  const skip = Number(call.query.get('SkipCount') ?? call.query.get('skipCount') ?? 0)
  const max = Number(call.query.get('MaxResultCount') ?? call.query.get('maxResultCount') ?? 20)
  return { items: rows.slice(skip, skip + max), totalCount: rows.length }
}
