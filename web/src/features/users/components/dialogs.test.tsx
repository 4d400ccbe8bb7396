// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp, type ApiCall } from '../../../test/render'
import { Permissions } from '../../../components'
import type { OrgUnit, RoleDto, UserDto } from '../api'
import { SetPasswordDialog } from './SetPasswordDialog'
import { UserDialog } from './UserDialog'

configure({ asyncUtilTimeout: 5000 })

const alice: UserDto = {
  id: 'u1',
  tenantId: null,
  userName: 'alice',
  name: 'Alice',
  surname: 'Liu',
  email: 'alice@kerf.local',
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
  concurrencyStamp: 'stamp-1',
  creationTime: '2026-01-01T00:00:00Z',
  lastModificationTime: null,
  roleNames: ['sales'],
}
const roles: RoleDto[] = [
  { id: 'r1', name: 'admin', isDefault: false, isPublic: true, isStatic: true },
  { id: 'r2', name: 'sales', isDefault: true, isPublic: true, isStatic: false },
  { id: 'r3', name: 'clerk', isDefault: false, isPublic: true, isStatic: false },
]
const units: OrgUnit[] = [
  { id: 'ou1', parentId: null, code: '00001', displayName: 'HQ' },
  { id: 'ou2', parentId: 'ou1', code: '00001.00001', displayName: 'Sales dept' },
]

const invalid = (members: Record<string, string[]>) =>
  new Response(
    JSON.stringify({
      error: {
        message: 'Your request is not valid!',
        validationErrors: Object.entries(members).flatMap(([m, list]) => list.map((message) => ({ message, members: [m] }))),
      },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  )

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement
const dialogCalls = (calls: ApiCall[], method: string) => calls.filter((c) => c.method === method)

describe('SetPasswordDialog', () => {
  it('refuses two different passwords without asking the server', async () => {
    const calls = mockApi({})
    renderWithApp(<SetPasswordDialog user={alice} onClose={() => undefined} />)
    await userEvent.type(field('user-password-new'), '1q2w3E*x')
    await userEvent.type(field('user-password-confirm'), '1q2w3E*y{Enter}')
    await screen.findByText('The two passwords differ')
    expect(calls).toHaveLength(0)
  })

  it('sends the new password when both match (Enter submits) and closes', async () => {
    let closed = false
    const calls = mockApi({ 'PUT /api/identity/users/u1/change-password': () => undefined })
    renderWithApp(<SetPasswordDialog user={alice} onClose={() => (closed = true)} />)
    await userEvent.type(field('user-password-new'), '1q2w3E*x')
    await userEvent.type(field('user-password-confirm'), '1q2w3E*x{Enter}')
    await waitFor(() => expect(closed).toBe(true))
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PUT', '/api/identity/users/u1/change-password', { newPassword: '1q2w3E*x' }]])
  })

  it('shows every password rule the server says is broken on the field', async () => {
    let closed = false
    mockApi({ 'PUT /api/identity/users/u1/change-password': () => invalid({ newPassword: ['Needs a digit', 'Needs an upper-case letter'] }) })
    renderWithApp(<SetPasswordDialog user={alice} onClose={() => (closed = true)} />)
    await userEvent.type(field('user-password-new'), 'abcdefg')
    await userEvent.type(field('user-password-confirm'), 'abcdefg')
    await userEvent.click(screen.getByTestId('user-password-save'))
    await screen.findByText('Needs a digit')
    expect(screen.getByText('Needs an upper-case letter')).toBeTruthy()
    expect(closed).toBe(false)
  })
})

function serveUsers(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  return mockApi({
    'GET /api/identity/users/assignable-roles': () => ({ items: roles }),
    'GET /api/identity/organization-units': () => ({ items: units, totalCount: units.length }),
    'GET /api/identity/users/u1': () => alice,
    'GET /api/identity/users/u1/organization-units': () => ({ items: [units[1]], totalCount: 1 }),
    ...extra,
  })
}

describe('UserDialog', () => {
  it('creates a user with the default role ticked, another ticked, and a unit, then sets its units', async () => {
    let closed = false
    const calls = serveUsers({
      'POST /api/identity/users': (c) => ({ ...alice, id: 'new', userName: (c.body as { userName: string }).userName }),
      'PUT /api/identity/users/organization-units/new': () => undefined,
    })
    renderWithApp(<UserDialog state={{ mode: 'create' }} onClose={() => (closed = true)} />, {
      granted: [Permissions['AbpIdentity.Users'], Permissions['AbpIdentity.Users.Create'], Permissions['AbpIdentity.OrganizationUnits']],
    })
    await userEvent.type(await screen.findByTestId('user-form-userName'), 'bob')
    await userEvent.type(field('user-form-password'), '1q2w3E*')
    await userEvent.type(field('user-form-confirmPassword'), '1q2w3E*')

    await userEvent.click(screen.getByTestId('user-tab-roles'))
    const sales = screen.getByTestId('user-role-sales') as HTMLInputElement
    expect(sales.checked).toBe(true) // the default role
    await userEvent.click(screen.getByTestId('user-role-clerk'))

    await userEvent.click(screen.getByTestId('user-tab-units'))
    await userEvent.click(await screen.findByText('Sales dept'))

    await userEvent.click(screen.getByTestId('user-dialog-save'))
    await waitFor(() => expect(closed).toBe(true))
    const post = dialogCalls(calls, 'POST')[0]
    expect(post.body).toMatchObject({ userName: 'bob', password: '1q2w3E*', roleNames: ['sales', 'clerk'], isActive: true, lockoutEnabled: true })
    expect(dialogCalls(calls, 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/identity/users/organization-units/new', { organizationUnitIds: ['ou2'] }],
    ])
  })

  it('refuses a confirmation that differs from the password, on the info tab', async () => {
    const calls = serveUsers()
    renderWithApp(<UserDialog state={{ mode: 'create' }} onClose={() => undefined} />, {
      granted: [Permissions['AbpIdentity.Users.Create']],
    })
    await userEvent.type(await screen.findByTestId('user-form-userName'), 'bob')
    await userEvent.type(field('user-form-password'), '1q2w3E*')
    await userEvent.type(field('user-form-confirmPassword'), '1q2w3E*!{Enter}')
    await screen.findByText('The two passwords differ')
    expect(dialogCalls(calls, 'POST')).toHaveLength(0)
  })

  it('shows the server’s validation messages on their fields and stays open', async () => {
    let closed = false
    serveUsers({ 'POST /api/identity/users': () => invalid({ userName: ['The user name bob is taken'], password: ['Needs a digit'] }) })
    renderWithApp(<UserDialog state={{ mode: 'create' }} onClose={() => (closed = true)} />, {
      granted: [Permissions['AbpIdentity.Users.Create']],
    })
    await userEvent.type(await screen.findByTestId('user-form-userName'), 'bob')
    await userEvent.type(field('user-form-password'), 'abcdefg')
    await userEvent.type(field('user-form-confirmPassword'), 'abcdefg{Enter}')
    await screen.findByText('The user name bob is taken')
    expect(screen.getByText('Needs a digit')).toBeTruthy()
    expect(closed).toBe(false)
  })

  it('edits a user with the stamp it read, its roles as they are, and its units untouched when unchanged', async () => {
    let closed = false
    const calls = serveUsers({ 'PUT /api/identity/users/u1': () => alice })
    renderWithApp(<UserDialog state={{ mode: 'edit', id: 'u1', userName: 'alice' }} onClose={() => (closed = true)} />, {
      granted: [Permissions['AbpIdentity.Users.Update'], Permissions['AbpIdentity.OrganizationUnits']],
    })
    const surname = await screen.findByTestId('user-form-surname')
    await waitFor(() => expect((surname as HTMLInputElement).value).toBe('Liu'))
    expect(screen.queryByTestId('user-form-password')).toBeNull()
    fireEvent.change(surname, { target: { value: 'Wang' } })
    await userEvent.click(screen.getByTestId('user-dialog-save'))
    await waitFor(() => expect(closed).toBe(true))
    const puts = dialogCalls(calls, 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0].body).toMatchObject({ userName: 'alice', surname: 'Wang', roleNames: ['sales'], concurrencyStamp: 'stamp-1' })
  })

  it('has no units tab without the organisation-unit permission, and reads no units', async () => {
    const calls = serveUsers()
    renderWithApp(<UserDialog state={{ mode: 'create' }} onClose={() => undefined} />, { granted: [Permissions['AbpIdentity.Users.Create']] })
    await screen.findByTestId('user-tab-roles')
    expect(screen.queryByTestId('user-tab-units')).toBeNull()
    expect(calls.some((c) => c.path === '/api/identity/organization-units')).toBe(false)
  })
})
