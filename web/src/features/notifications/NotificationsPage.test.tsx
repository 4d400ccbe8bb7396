// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import type { UserNotification } from './api'

// Not connected: the page's read-state changes go over HTTP.
vi.mock('../../api/realtime', () => ({ hubConnected: () => false, invokeHub: vi.fn() }))

const { NotificationsPage } = await import('./NotificationsPage')

const CLIENT = 'Notifications.PushMessages.Client'
const BROADCAST = 'Notifications.Broadcast'

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
  creationTime: '2026-03-01T08:00:00Z',
  data: null,
  ...extra,
})

function world(opts: { failList?: boolean } = {}) {
  const rows: UserNotification[] = [
    note(1, { severity: 30, title: 'Sheet returned' }),
    note(2, { state: 0, severity: 0 }),
    ...Array.from({ length: 22 }, (_, i) => note(10 + i)),
  ]
  const sent: unknown[] = []
  const calls = mockApi({
    'GET /api/my-notifilers': (c: ApiCall) => {
      if (opts.failList) return new Response(JSON.stringify({ error: { message: 'boom' } }), { status: 500 })
      const state = Number(c.query.get('readState') ?? 1)
      const f = (c.query.get('filter') ?? '').toLowerCase()
      return pageOf(
        rows.filter((r) => (state === -1 || r.state === state) && (!f || `${r.title} ${r.message}`.toLowerCase().includes(f))),
        c,
      )
    },
    'PUT /api/my-notifilers/change-read-state': (c: ApiCall) => {
      const { idList, state } = c.body as { idList: string[]; state: 0 | 1 }
      for (const r of rows) if (idList.includes(r.id)) r.state = state
      return undefined
    },
    'PUT /api/my-notifilers/mark-all-state': (c: ApiCall) => {
      for (const r of rows) r.state = (c.body as { state: 0 | 1 }).state
      return undefined
    },
    'DELETE /api/my-notifilers/n1': () => {
      rows.splice(0, 1)
      return undefined
    },
    'POST /api/notifications/broadcast': (c: ApiCall) => {
      const b = c.body as { title: string }
      if (b.title === 'taken')
        return new Response(
          JSON.stringify({ error: { message: 'Validation failed', validationErrors: [{ message: 'The title is refused', members: ['title'] }] } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        )
      sent.push(c.body)
      return { userCount: 3 }
    },
  })
  return { rows, calls, sent }
}

const ids = () => screen.queryAllByTestId('notification-row').map((r) => r.getAttribute('data-id'))
const row = (id: string) => screen.getAllByTestId('notification-row').find((r) => r.getAttribute('data-id') === id)!

describe('NotificationsPage', () => {
  it('lists all notifications, newest first, 20 a page, with severity and state', async () => {
    const { calls } = world()
    renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    await waitFor(() => expect(ids()).toHaveLength(20))
    expect(screen.getByText('24 in all')).toBeTruthy()
    const first = row('n1')
    expect(within(first).getByText('Sheet returned')).toBeTruthy()
    expect(within(first).getByTestId('notification-row-severity').getAttribute('data-severity')).toBe('error')
    expect(within(first).getByText('Error')).toBeTruthy()
    expect(within(first).getByText('Unread')).toBeTruthy()
    expect(within(row('n2')).getByText('Read')).toBeTruthy()
    expect(within(row('n2')).getByText('Success')).toBeTruthy()
    const get = calls.find((c) => c.path === '/api/my-notifilers')!
    expect(get.query.get('readState')).toBe('-1')
    expect(get.query.get('reverse')).toBe('true')
  })

  it('searches by text, resets, and pages on the server', async () => {
    const { calls } = world()
    renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    await waitFor(() => expect(ids()).toHaveLength(20))
    await userEvent.type(screen.getByTestId('notifications-search-filter'), 'returned{Enter}')
    await waitFor(() => expect(ids()).toEqual(['n1']))
    expect(calls.at(-1)?.query.get('filter')).toBe('returned')

    await userEvent.click(screen.getByTestId('notifications-search-reset'))
    await waitFor(() => expect(ids()).toHaveLength(20))
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(ids()).toHaveLength(4))
    expect(calls.at(-1)?.query.get('skipCount')).toBe('20')
  })

  it('marks one read and unread, and all read', async () => {
    const { rows, calls } = world()
    renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    await waitFor(() => expect(ids()).toHaveLength(20))
    await userEvent.click(within(row('n1')).getByTestId('notification-toggle'))
    await waitFor(() => expect(within(row('n1')).getByText('Read')).toBeTruthy())
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ idList: ['n1'], state: 0 })
    expect(within(row('n1')).getByText('Mark unread')).toBeTruthy()
    await userEvent.click(within(row('n2')).getByTestId('notification-toggle'))
    await waitFor(() => expect(within(row('n2')).getByText('Unread')).toBeTruthy())

    await userEvent.click(screen.getByTestId('notifications-mark-all'))
    await screen.findByText('All notifications marked read')
    expect(rows.every((r) => r.state === 0)).toBe(true)
    await waitFor(() => expect(screen.queryAllByText('Unread', { selector: '[data-testid="notification-row-state"]' })).toHaveLength(0))
  })

  it('deletes after the 提示 confirmation', async () => {
    const { calls } = world()
    renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    await waitFor(() => expect(ids()).toHaveLength(20))
    await userEvent.click(within(row('n1')).getByTestId('notification-delete'))
    expect(await screen.findByText('Delete the notification "Sheet returned"?')).toBeTruthy()
    expect(screen.getAllByText('Tips').length).toBeGreaterThan(0)
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Deleted successfully')
    await waitFor(() => expect(ids()).not.toContain('n1'))
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/my-notifilers/n1')).toBe(true)
  })

  it('sends to everyone only with Notifications.Broadcast, checking the fields first', async () => {
    const { sent } = world()
    const { unmount } = renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    await waitFor(() => expect(ids()).toHaveLength(20))
    expect(screen.queryByTestId('notifications-broadcast')).toBeNull()
    unmount()

    renderWithApp(<NotificationsPage />, { granted: [CLIENT, BROADCAST] })
    await userEvent.click(await screen.findByTestId('notifications-broadcast'))
    await userEvent.click(await screen.findByTestId('broadcast-send'))
    expect(await screen.findByText('Please enter the Title')).toBeTruthy()
    expect(screen.getByText('Please enter the Message')).toBeTruthy()
    expect(sent).toEqual([])

    await userEvent.type(screen.getByTestId('broadcast-title'), 'taken')
    await userEvent.type(screen.getByTestId('broadcast-message'), 'Stock-taking tomorrow')
    await userEvent.click(screen.getByTestId('broadcast-send'))
    expect(await screen.findByText('The title is refused')).toBeTruthy()
    expect(sent).toEqual([])

    await userEvent.clear(screen.getByTestId('broadcast-title'))
    await userEvent.type(screen.getByTestId('broadcast-title'), '  Closing early  ')
    await userEvent.click(screen.getByTestId('broadcast-send'))
    await screen.findByText('Sent to 3 users')
    expect(sent).toEqual([{ title: 'Closing early', message: 'Stock-taking tomorrow', severity: 10 }])
  })

  it('says so when the list cannot be loaded, and when it is empty', async () => {
    world({ failList: true })
    const { unmount } = renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    expect(await screen.findByTestId('notifications-error')).toBeTruthy()
    unmount()
    mockApi({ 'GET /api/my-notifilers': () => ({ items: [], totalCount: 0 }) })
    renderWithApp(<NotificationsPage />, { granted: [CLIENT] })
    expect(await screen.findByText('No notifications')).toBeTruthy()
  })
})
