// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import type { UserDto } from './api'
import { UsersPage } from './UsersPage'

configure({ asyncUtilTimeout: 5000 })

const user = (i: number, over: Partial<UserDto> = {}): UserDto => ({
  id: `u${i}`,
  tenantId: null,
  userName: `user${String(i).padStart(2, '0')}`,
  name: `Name${i}`,
  surname: 'Li',
  email: `u${i}@kerf.test`,
  emailConfirmed: false,
  phoneNumber: '',
  phoneNumberConfirmed: false,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: null,
  twoFactorEnabled: false,
  accessFailedCount: 0,
  gender: 0,
  isStatic: false,
  concurrencyStamp: 's',
  creationTime: '2026-01-01T00:00:00Z',
  lastModificationTime: null,
  roleNames: ['sales'],
  ...over,
})
const all = Array.from({ length: 23 }, (_, i) => user(i + 1))

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  return mockApi({
    'GET /api/identity/users': (call) => {
      const f = (call.query.get('Filter') ?? '').toLowerCase()
      const rows = all.filter((u) => !f || u.userName.includes(f))
      if (call.query.get('Sorting') === 'userName desc') rows.reverse()
      return pageOf(rows, call)
    },
    ...extra,
  })
}

const names = () => screen.queryAllByTestId('user-row').map((r) => r.getAttribute('data-username'))
const P = Permissions

describe('UsersPage', () => {
  it('pages, searches from the first page and sorts on the server', async () => {
    const calls = serve()
    renderWithApp(<UsersPage />, { granted: [P['AbpIdentity.Users']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.getByText('23 in all')).toBeTruthy()

    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()).toEqual(['user21', 'user22', 'user23']))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('20')

    await userEvent.type(within(screen.getByTestId('users-search')).getByRole('searchbox'), 'user1{Enter}')
    await waitFor(() => expect(names()[0]).toBe('user10'))
    expect(calls.at(-1)?.query.get('Filter')).toBe('user1')
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('0')

    const header = screen.getByRole('columnheader', { name: /User name/ })
    await userEvent.click(header)
    await userEvent.click(header)
    await waitFor(() => expect(names()[0]).toBe('user19'))
    expect(calls.at(-1)?.query.get('Sorting')).toBe('userName desc')
  })

  it('with read permission only: no create, no edit, no actions, the two-factor switch read-only', async () => {
    serve()
    renderWithApp(<UsersPage />, { granted: [P['AbpIdentity.Users']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.queryByTestId('users-add')).toBeNull()
    expect(screen.queryAllByTestId('user-edit')).toHaveLength(0)
    expect(screen.queryAllByTestId('user-more')).toHaveLength(0)
    expect((screen.getAllByTestId('user-two-factor')[0] as HTMLButtonElement).disabled).toBe(true)
  })

  it('offers each row action only with its permission', async () => {
    serve()
    renderWithApp(<UsersPage />, { granted: [P['AbpIdentity.Users'], P['AbpIdentity.Users.Delete']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.queryAllByTestId('user-edit')).toHaveLength(0)
    await userEvent.click(screen.getAllByTestId('user-more')[0])
    await screen.findByTestId('user-action-delete')
    for (const a of ['permissions', 'claims', 'lock', 'password', 'offline', 'impersonate']) expect(screen.queryByTestId(`user-action-${a}`)).toBeNull()
  })

  it('switches two-factor login with Update, and deletes after a confirmation titled Tips', async () => {
    const calls = serve({
      'PUT /api/identity/users/u1/two-factor/true': () => undefined,
      'DELETE /api/identity/users/u1': () => undefined,
    })
    renderWithApp(<UsersPage />, { granted: [P['AbpIdentity.Users'], P['AbpIdentity.Users.Update'], P['AbpIdentity.Users.Delete']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    await userEvent.click(screen.getAllByTestId('user-two-factor')[0])
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/identity/users/u1/two-factor/true')).toBe(true))

    await userEvent.click(screen.getAllByTestId('user-more')[0])
    await userEvent.click(await screen.findByTestId('user-action-delete'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Tips').length).toBeGreaterThan(0)
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/identity/users/u1')).toBe(true))
  })

  it('shows when a user is locked, and unlocks it from the lock dialog', async () => {
    const locked = user(1, { lockoutEnd: '2999-01-01T00:00:00Z' })
    const calls = mockApi({
      'GET /api/identity/users': () => ({ items: [locked], totalCount: 1 }),
      'PUT /api/identity/users/u1/lock/2000-01-01T00%3A00%3A00Z': () => undefined,
      'PUT /api/identity/users/u1/lock/2000-01-01T00:00:00Z': () => undefined,
    })
    renderWithApp(<UsersPage />, { granted: [P['AbpIdentity.Users'], P['AbpIdentity.Users.Update']] })
    await screen.findByTestId('user-locked')
    await userEvent.click(screen.getByTestId('user-more'))
    expect((await screen.findByTestId('user-action-lock')).textContent).toBe('Unlock')
    await userEvent.click(screen.getByTestId('user-action-lock'))
    await userEvent.click(await screen.findByTestId('user-unlock'))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.startsWith('/api/identity/users/u1/lock/2000-01-01T00'))).toBe(true))
  })
})
