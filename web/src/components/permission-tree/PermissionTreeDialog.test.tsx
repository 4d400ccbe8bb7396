// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp } from '../../test/render'
import { PermissionTreeDialog } from './PermissionTreeDialog'
import type { PermissionAnswerNode, PermissionTreeAnswer } from './permissionTree'

configure({ asyncUtilTimeout: 5000 })

const perm = (name: string, children: PermissionAnswerNode[] = [], extra: Partial<PermissionAnswerNode> = {}): PermissionAnswerNode => ({
  name,
  displayName: name.split('.').slice(1).join(' ') || name,
  isGroup: false,
  isGranted: false,
  grantedByOther: false,
  grantedProviders: [],
  children,
  ...extra,
})

const tree: PermissionTreeAnswer = {
  providerName: 'U',
  providerKey: 'u1',
  entityDisplayName: 'alice',
  grantedNames: ['AbpIdentity.Roles'],
  items: [
    {
      ...perm('AbpIdentity', [perm('AbpIdentity.Users', [perm('AbpIdentity.Users.Create')]), perm('AbpIdentity.Roles', [], { isGranted: true, grantedProviders: [{ providerName: 'U', providerKey: 'u1' }] })]),
      isGroup: true,
      displayName: 'Identity',
    },
    {
      ...perm('SalesOrder', [
        perm('SalesOrder.Products', [], { isGranted: true, grantedByOther: true, grantedProviders: [{ providerName: 'R', providerKey: 'sales' }] }),
      ]),
      isGroup: true,
      displayName: 'Sales',
    },
  ],
}

describe('PermissionTreeDialog', () => {
  it('shows the role’s grants checked, disabled and named; a group’s select-all saves that group’s permissions with the user’s own', async () => {
    let closed = false
    const calls = mockApi({
      'GET /api/menu/permission-feature/permission-list': () => tree,
      'PUT /api/menu/permission-feature/update-permission-list': () => undefined,
    })
    renderWithApp(<PermissionTreeDialog target={{ providerName: 'U', providerKey: 'u1', displayName: 'alice' }} onClose={() => (closed = true)} />)
    await screen.findByTestId('permission-group-all-AbpIdentity')
    expect(calls[0].query.get('providerName')).toBe('U')
    expect(calls[0].query.get('providerKey')).toBe('u1')
    expect(screen.getByTestId('permission-count').textContent).toBe('2/4')

    // the role's grant, on the other tab
    await userEvent.click(screen.getByTestId('permission-group-tab-SalesOrder'))
    const products = await screen.findByTestId('permission-node-SalesOrder.Products')
    expect(products.getAttribute('data-locked')).toBe('true')
    expect(within(products).getByText('Granted by role sales')).toBeTruthy()
    const box = products.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!
    expect(box.className).toContain('ant-tree-checkbox-checked')
    expect(box.className).toContain('ant-tree-checkbox-disabled')

    await userEvent.click(screen.getByTestId('permission-group-tab-AbpIdentity'))
    await userEvent.click(screen.getByTestId('permission-group-all-AbpIdentity'))
    expect(screen.getByTestId('permission-count').textContent).toBe('4/4')
    await userEvent.click(screen.getByTestId('permission-tree-save'))
    await waitFor(() => expect(closed).toBe(true))
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.query.get('providerName')).toBe('U')
    expect(put.query.get('providerKey')).toBe('u1')
    expect(put.body).toEqual({ grantedNames: ['AbpIdentity.Users', 'AbpIdentity.Users.Create', 'AbpIdentity.Roles'] })
  })

  it('ticking a child permission by its title ticks its parent too', async () => {
    const calls = mockApi({
      'GET /api/menu/permission-feature/permission-list': () => ({ ...tree, grantedNames: [] }),
      'PUT /api/menu/permission-feature/update-permission-list': () => undefined,
    })
    renderWithApp(<PermissionTreeDialog target={{ providerName: 'U', providerKey: 'u1', displayName: 'alice' }} onClose={() => undefined} />)
    await userEvent.click(await screen.findByTestId('permission-node-AbpIdentity.Users.Create'))
    await userEvent.click(screen.getByTestId('permission-tree-save'))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ grantedNames: ['AbpIdentity.Users', 'AbpIdentity.Users.Create'] })
  })
})
