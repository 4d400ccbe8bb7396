// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp, type ApiCall } from '../../test/render'
import { ProfileSettingPage } from './ProfileSettingPage'
import { Subscriptions } from './Subscriptions'

const ASSIGNABLES = [
  { name: 'Kerf.AuditDesign.Assigned', displayName: 'Review sheet assigned', description: 'A review sheet was assigned to you', lifetime: 0 },
  { name: 'Kerf.Optimization.RunFinished', displayName: 'Optimisation finished', description: 'A run you started finished', lifetime: 0 },
]

function world(opts: { refuse?: boolean; failList?: boolean } = {}) {
  const subscribed = new Set(['Kerf.AuditDesign.Assigned'])
  const calls = mockApi({
    'GET /api/my-notifilers/assignables': () =>
      opts.failList ? new Response(JSON.stringify({ error: { message: 'boom' } }), { status: 500 }) : { items: ASSIGNABLES },
    'GET /api/my-subscribes/all': () => ({ items: [...subscribed].map((name) => ({ name })) }),
    'POST /api/my-subscribes': (c: ApiCall) => {
      if (opts.refuse)
        return new Response(JSON.stringify({ error: { message: 'Unknown notification' } }), { status: 400, headers: { 'content-type': 'application/json' } })
      subscribed.add((c.body as { name: string }).name)
      return undefined
    },
    'DELETE /api/my-subscribes': (c: ApiCall) => {
      subscribed.delete(c.query.get('name') ?? '')
      return undefined
    },
  })
  return { calls, subscribed }
}

const item = (name: string) => screen.getAllByTestId('subscription').find((e) => e.getAttribute('data-name') === name)!
const checked = (name: string) => within(item(name)).getByTestId('subscription-switch').getAttribute('aria-checked')

describe('notification subscriptions', () => {
  it('lists the assignable kinds, on when subscribed, and switches them', async () => {
    const { calls, subscribed } = world()
    renderWithApp(<Subscriptions />)
    await waitFor(() => expect(screen.getAllByTestId('subscription')).toHaveLength(2))
    expect(within(item('Kerf.AuditDesign.Assigned')).getByText('Review sheet assigned')).toBeTruthy()
    expect(within(item('Kerf.AuditDesign.Assigned')).getByText('A review sheet was assigned to you')).toBeTruthy()
    expect(checked('Kerf.AuditDesign.Assigned')).toBe('true')
    expect(checked('Kerf.Optimization.RunFinished')).toBe('false')

    await userEvent.click(within(item('Kerf.Optimization.RunFinished')).getByTestId('subscription-switch'))
    await screen.findByText('Subscribed to "Optimisation finished"')
    await waitFor(() => expect(checked('Kerf.Optimization.RunFinished')).toBe('true'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Kerf.Optimization.RunFinished' })

    await userEvent.click(within(item('Kerf.AuditDesign.Assigned')).getByTestId('subscription-switch'))
    await screen.findByText('Unsubscribed from "Review sheet assigned"')
    await waitFor(() => expect(checked('Kerf.AuditDesign.Assigned')).toBe('false'))
    expect(calls.find((c) => c.method === 'DELETE')?.query.get('name')).toBe('Kerf.AuditDesign.Assigned')
    expect([...subscribed]).toEqual(['Kerf.Optimization.RunFinished'])
  })

  it('says so when a change fails, and the switch stays as it was', async () => {
    world({ refuse: true })
    renderWithApp(<Subscriptions />)
    await waitFor(() => expect(screen.getAllByTestId('subscription')).toHaveLength(2))
    await userEvent.click(within(item('Kerf.Optimization.RunFinished')).getByTestId('subscription-switch'))
    expect(await screen.findByText(/Changing the subscription failed/)).toBeTruthy()
    expect(checked('Kerf.Optimization.RunFinished')).toBe('false')
  })

  it('shows the error when the kinds cannot be loaded', async () => {
    world({ failList: true })
    renderWithApp(<Subscriptions />)
    expect(await screen.findByTestId('subscriptions-error')).toBeTruthy()
  })

  it('is a tab of the profile page for users who receive notifications', async () => {
    world()
    const { unmount } = renderWithApp(<ProfileSettingPage />, { granted: [] })
    await screen.findByText('Personal data')
    expect(screen.queryByRole('tab', { name: 'Notifications' })).toBeNull()
    unmount()
    renderWithApp(<ProfileSettingPage />, { granted: ['Notifications.PushMessages.Client'] })
    await userEvent.click(await screen.findByRole('tab', { name: 'Notifications' }))
    await waitFor(() => expect(screen.getAllByTestId('subscription')).toHaveLength(2))
  })
})
