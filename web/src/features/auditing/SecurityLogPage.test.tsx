// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import type { SecurityLog } from './api'
import { SecurityLogPage } from './SecurityLogPage'

const row = (i: number, action: string): SecurityLog => ({
  id: `s${i}`,
  action,
  applicationName: 'Kerf',
  browserInfo: 'Mozilla/5.0',
  clientId: 'kerf_web',
  clientIpAddress: '127.0.0.1',
  correlationId: '',
  creationTime: '2025-05-01T10:00:00Z',
  extraProperties: {},
  identity: 'IdentityServer',
  tenantId: null,
  tenantName: '',
  userId: null,
  userName: i === 1 ? 'admin' : 'clerk',
})

function serve() {
  let rows = [row(1, 'LoginSucceeded'), row(2, 'LoginInvalidUserNameOrPassword'), row(3, 'Logout')]
  return mockApi({
    'GET /api/identity/security-logs': (call: ApiCall) => pageOf(rows.filter((r) => !call.query.get('action') || r.action === call.query.get('action')), call),
    'DELETE /api/auditing/security-log/s1': () => {
      rows = rows.filter((r) => r.id !== 's1')
      return undefined
    },
  })
}

const actions = () => screen.queryAllByTestId('security-row-action').map((e) => e.textContent)

describe('SecurityLogPage', () => {
  it('names each action and colours failures red', async () => {
    serve()
    renderWithApp(<SecurityLogPage />, { granted: [Permissions['AbpAuditing.SecurityLog']] })
    await waitFor(() => expect(actions()).toEqual(['Login succeeded', 'Wrong user name or password', 'Logout']))
    const tags = screen.getAllByTestId('security-row-action')
    expect(tags[0].className).toMatch(/green/)
    expect(tags[1].className).toMatch(/red/)
    expect(screen.queryAllByTestId('security-row-delete')).toHaveLength(0)
  })

  it('sends the typed action to the server', async () => {
    const calls = serve()
    renderWithApp(<SecurityLogPage />, { granted: [Permissions['AbpAuditing.SecurityLog']] })
    await waitFor(() => expect(actions()).toHaveLength(3))
    await userEvent.type(within(screen.getByTestId('security-search')).getByRole('combobox'), 'Logout')
    await userEvent.click(screen.getByTestId('security-search-submit'))
    await waitFor(() => expect(calls.at(-1)?.query.get('action')).toBe('Logout'))
    await waitFor(() => expect(actions()).toEqual(['Logout']))
  })

  it('deletes a row after a confirmation, with its permission', async () => {
    const calls = serve()
    renderWithApp(<SecurityLogPage />, { granted: [Permissions['AbpAuditing.SecurityLog'], Permissions['AbpAuditing.SecurityLog.Delete']] })
    await waitFor(() => expect(actions()).toHaveLength(3))
    await userEvent.click(screen.getAllByTestId('security-row-delete')[0])
    const confirm = await screen.findByRole('dialog')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/auditing/security-log/s1')).toBe(true))
    await waitFor(() => expect(actions()).toHaveLength(2))
  })
})
