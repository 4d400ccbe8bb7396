// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import type { RoleDto } from './api'
import { RolesPage } from './RolesPage'

configure({ asyncUtilTimeout: 5000 })

const role = (name: string, over: Partial<RoleDto> = {}): RoleDto => ({
  id: `r-${name}`,
  tenantId: null,
  name,
  isDefault: false,
  isPublic: true,
  isStatic: false,
  concurrencyStamp: `stamp-${name}`,
  creationTime: '2026-01-01T00:00:00Z',
  userCount: 0,
  ...over,
})
const roles = [role('admin', { isStatic: true, userCount: 1 }), role('sales', { isDefault: true, userCount: 2 })]
const P = Permissions
const all = [P['AbpIdentity.Roles'], P['AbpIdentity.Roles.Create'], P['AbpIdentity.Roles.Update'], P['AbpIdentity.Roles.Delete'], P['AbpIdentity.Roles.ManagePermissions']]

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  return mockApi({ 'GET /api/identity/roles': (c) => pageOf(roles, c), ...extra })
}
const row = (name: string) => screen.getAllByTestId('role-row').find((r) => r.getAttribute('data-name') === name)!

describe('RolesPage', () => {
  it('marks a static role, which cannot be deleted, and shows actions only with their permissions', async () => {
    serve()
    const { unmount } = renderWithApp(<RolesPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(2))
    expect(within(row('admin')).getByTestId('role-static')).toBeTruthy()
    expect((within(row('admin')).getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(true)
    expect((within(row('sales')).getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(false)
    unmount()

    serve()
    renderWithApp(<RolesPage />, { granted: [P['AbpIdentity.Roles']] })
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(2))
    for (const id of ['roles-add', 'role-edit', 'role-claims', 'role-permissions', 'role-delete']) expect(screen.queryAllByTestId(id)).toHaveLength(0)
  })

  it('renames a role with its stamp (Enter saves); a static role keeps its name (the field is read-only)', async () => {
    const calls = serve({ 'PUT /api/identity/roles/r-sales': (c) => ({ ...role('x'), ...(c.body as object) }) })
    renderWithApp(<RolesPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(2))

    await userEvent.click(within(row('admin')).getByTestId('role-edit'))
    await waitFor(() => expect((screen.getByTestId('role-form-name') as HTMLInputElement).value).toBe('admin'))
    expect((screen.getByTestId('role-form-name') as HTMLInputElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))

    await userEvent.click(within(row('sales')).getByTestId('role-edit'))
    const name = screen.getByTestId('role-form-name') as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('sales'))
    fireEvent.change(name, { target: { value: 'sales-team' } })
    await userEvent.type(name, '{Enter}')
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'sales-team', isDefault: true, isPublic: true, concurrencyStamp: 'stamp-sales' })
  })

  it('opens the permission tree of the role by its name (provider R)', async () => {
    const calls = serve({
      'GET /api/menu/permission-feature/permission-list': () => ({ providerName: 'R', providerKey: 'sales', entityDisplayName: 'sales', grantedNames: [], items: [] }),
    })
    renderWithApp(<RolesPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(2))
    await userEvent.click(within(row('sales')).getByTestId('role-permissions'))
    await screen.findByText('No permission can be granted')
    const get = calls.find((c) => c.path === '/api/menu/permission-feature/permission-list')!
    expect([get.query.get('providerName'), get.query.get('providerKey')]).toEqual(['R', 'sales'])
  })
})
