// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp, type ApiCall } from '../../test/render'
import type { PushedNotification, UserNotification } from './api'
import { PERMISSION_WARNED_KEY } from './browserNotice'

// The hub connection is replaced: the test pushes what the server would and sees what is invoked.
const hub = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => void>(),
  reconnected: [] as (() => void)[],
  connected: true,
  invoked: [] as [string, string, unknown[]][],
  used: [] as string[],
}))
vi.mock('../../api/realtime', () => ({
  useHub: (name: string) => {
    hub.used.push(name)
    return { status: 'connected', invoke: vi.fn() }
  },
  useHubEvent: (_name: string, method: string, handler: (...args: unknown[]) => void) => void hub.handlers.set(method, handler),
  useHubReconnected: (_name: string, handler: () => void) => void hub.reconnected.push(handler),
  hubConnected: () => hub.connected,
  invokeHub: async (name: string, method: string, ...args: unknown[]) => {
    hub.invoked.push([name, method, args])
  },
}))

const { NotificationBell } = await import('./NotificationBell')

const CLIENT = 'Notifications.PushMessages.Client'

const note = (i: number, extra: Partial<UserNotification> = {}): UserNotification => ({
  id: `n${i}`,
  name: 'Kerf.Broadcast',
  tenantId: null,
  title: `Title ${i}`,
  message: `Message ${i}`,
  description: '',
  severity: 10,
  state: 1,
  lifetime: 0,
  source: 0,
  creationTime: `2026-03-01T08:${String(i % 60).padStart(2, '0')}:00Z`,
  data: null,
  ...extra,
})

/** The server: `unread` newest first; GET answers the newest maxResultCount and the count. */
function server(unread: UserNotification[]) {
  const calls = mockApi({
    'GET /api/my-notifilers': (c: ApiCall) => {
      const max = Number(c.query.get('maxResultCount'))
      return { items: unread.slice(0, max), totalCount: unread.length }
    },
    'PUT /api/my-notifilers/change-read-state': (c: ApiCall) => {
      const { idList } = c.body as { idList: string[] }
      for (const id of idList) unread.splice(unread.findIndex((n) => n.id === id), 1)
      return undefined
    },
  })
  return calls
}

const entries = () => screen.queryAllByTestId('notification-entry')
const count = () => screen.getByTestId('notification-bell').getAttribute('data-count')
const push = (n: PushedNotification) => act(() => hub.handlers.get('get-notification')!(n))

async function openBell() {
  await waitFor(() => expect(screen.getByTestId('notification-bell')).toBeTruthy())
  await userEvent.click(screen.getByTestId('notification-bell'))
  await screen.findByTestId('notification-list')
}

describe('NotificationBell', () => {
  beforeEach(() => {
    hub.handlers.clear()
    hub.reconnected.length = 0
    hub.invoked.length = 0
    hub.used.length = 0
    hub.connected = true
    sessionStorage.clear()
  })
  afterEach(() => vi.restoreAllMocks())

  it('is not shown, and connects nothing, without Notifications.PushMessages.Client', async () => {
    server([note(1)])
    renderWithApp(<NotificationBell />, { granted: [] })
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('notification-bell')).toBeNull()
    expect(hub.used).toEqual([])
  })

  it('shows the unread count and lists the newest 20 unread with title, message, time and severity colour', async () => {
    const unread = [
      note(1, { severity: 0 }),
      note(2, { severity: 10 }),
      note(3, { severity: 20 }),
      note(4, { severity: 30 }),
      note(5, { severity: 40 }),
      ...Array.from({ length: 20 }, (_, i) => note(10 + i)),
    ]
    const calls = server(unread)
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await waitFor(() => expect(count()).toBe('25'))
    expect(hub.used).toContain('notifications')
    const get = calls.find((c) => c.path === '/api/my-notifilers')!
    expect(get.query.get('readState')).toBe('1')
    expect(get.query.get('maxResultCount')).toBe('20')
    expect(get.query.get('skipCount')).toBe('0')
    await openBell()
    expect(entries()).toHaveLength(20)
    expect(screen.getByText('25 unread')).toBeTruthy()
    const first = entries()[0]
    expect(within(first).getByText('Title 1')).toBeTruthy()
    expect(within(first).getByText('Message 1')).toBeTruthy()
    expect(first.textContent).toMatch(/2026-03-01 \d\d:01/)
    expect(entries().slice(0, 5).map((e) => e.getAttribute('data-severity'))).toEqual(['success', 'info', 'warning', 'error', 'error'])
    const dots = entries()
      .slice(0, 5)
      .map((e) => (within(e).getByTestId('notification-severity') as HTMLElement).style.background)
    expect(new Set(dots).size).toBe(4)
    expect(dots[3]).toBe(dots[4])
    expect(screen.getByTestId('notification-view-all').getAttribute('href')).toBe('/im/notifications')
  })

  it('marks a clicked notification read through the hub and removes it', async () => {
    server([note(1), note(2), note(3)])
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await openBell()
    await waitFor(() => expect(entries()).toHaveLength(3))
    await userEvent.click(within(entries()[1]).getByText('Title 2'))
    await waitFor(() => expect(entries()).toHaveLength(2))
    expect(entries().map((e) => e.getAttribute('data-id'))).toEqual(['n1', 'n3'])
    expect(count()).toBe('2')
    expect(hub.invoked).toEqual([['notifications', 'ChangeState', ['n2', 0]]])
  })

  it('marks read over HTTP while the hub is not connected', async () => {
    const calls = server([note(1), note(2)])
    hub.connected = false
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await openBell()
    await waitFor(() => expect(entries()).toHaveLength(2))
    await userEvent.click(within(entries()[0]).getByText('Title 1'))
    await waitFor(() => expect(entries()).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ idList: ['n1'], state: 0 })
    expect(hub.invoked).toEqual([])
  })

  it('puts a pushed notification first, in the reader language, keeps 20, and counts it', async () => {
    const granted = vi.fn()
    class FakeNotification {
      static permission = 'granted'
      static requestPermission = vi.fn()
      constructor(title: string, opts: NotificationOptions) {
        granted(title, opts)
      }
    }
    vi.stubGlobal('Notification', FakeNotification)
    server(Array.from({ length: 20 }, (_, i) => note(i + 1)))
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await openBell()
    await waitFor(() => expect(entries()).toHaveLength(20))
    push({
      ...note(99, { severity: 20 }),
      title: '新的标题',
      texts: {
        title: { 'zh-Hans': '新的标题', en: 'A new title' },
        message: { 'zh-Hans': '新的内容', en: 'A new message' },
        description: { 'zh-Hans': '', en: '' },
      },
    })
    await waitFor(() => expect(entries()[0].getAttribute('data-id')).toBe('n99'))
    expect(within(entries()[0]).getByText('A new title')).toBeTruthy()
    expect(entries()[0].getAttribute('data-severity')).toBe('warning')
    expect(entries()).toHaveLength(20)
    expect(entries().map((e) => e.getAttribute('data-id'))).not.toContain('n20')
    expect(count()).toBe('21')
    expect(granted).toHaveBeenCalledWith('A new title', { body: 'A new message', tag: 'n99' })
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
  })

  it('an OnlyOne notification replaces the unread one of its name', async () => {
    server([note(1, { name: 'Kerf.Optimization.RunFinished', lifetime: 1 }), note(2)])
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await openBell()
    await waitFor(() => expect(entries()).toHaveLength(2))
    push(note(3, { name: 'Kerf.Optimization.RunFinished', lifetime: 1 }))
    await waitFor(() => expect(entries().map((e) => e.getAttribute('data-id'))).toEqual(['n3', 'n2']))
    expect(count()).toBe('2')
  })

  it('asks once a session to allow notifications when the browser may not show them', async () => {
    const requestPermission = vi.fn(async () => 'granted')
    vi.stubGlobal('Notification', { permission: 'default', requestPermission })
    server([])
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await waitFor(() => expect(count()).toBe('0'))
    push(note(1))
    const warning = await screen.findByText('Allow notifications', { selector: '.ant-notification-notice-title' })
    expect(warning).toBeTruthy()
    expect(sessionStorage.getItem(PERMISSION_WARNED_KEY)).toBe('1')
    push(note(2))
    await waitFor(() => expect(count()).toBe('2'))
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1)
    await userEvent.click(screen.getByTestId('notification-allow'))
    expect(requestPermission).toHaveBeenCalled()
  })

  it('reads the list again after a reconnect', async () => {
    const unread = [note(1)]
    server(unread)
    renderWithApp(<NotificationBell />, { granted: [CLIENT] })
    await waitFor(() => expect(count()).toBe('1'))
    unread.unshift(note(2), note(3))
    act(() => hub.reconnected.forEach((h) => h()))
    await waitFor(() => expect(count()).toBe('3'))
  })
})
