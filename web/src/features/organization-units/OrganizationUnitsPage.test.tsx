// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { OrganizationUnitsPage } from './OrganizationUnitsPage'
import type { OrganizationUnit, UnitMember, UnitRole } from './api'

// the machine running the suites may be busy: give the page up to 5 s to show each change
configure({ asyncUtilTimeout: 5000 })

const AUDITED = { creationTime: '2026-01-05T08:00:00Z', creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null }

const unit = (id: string, parentId: string | null, code: string, displayName: string): OrganizationUnit => ({
  ...AUDITED,
  id,
  parentId,
  code,
  displayName,
  concurrencyStamp: `stamp-${id}`,
})

function world() {
  const units: OrganizationUnit[] = [
    unit('hq', null, '00001', '总部'),
    unit('sales', 'hq', '00001.00001', '销售部'),
    unit('prod', 'hq', '00001.00002', '生产部'),
    unit('cut', 'prod', '00001.00002.00001', '开料车间'),
  ]
  const members: Record<string, UnitMember[]> = {
    sales: Array.from({ length: 23 }, (_, i) => ({
      id: `m${i}`,
      userName: `seller${String(i).padStart(2, '0')}`,
      name: `S${i}`,
      surname: 'Wang',
      email: '',
      phoneNumber: '',
    })),
  }
  const roles: UnitRole[] = [{ id: 'r1', name: 'sales', isDefault: false, isPublic: true, isStatic: false }]
  const calls = mockApi({
    'GET /api/identity/organization-units': () => ({ items: units, totalCount: units.length }),
    'POST /api/identity/organization-units': (c: ApiCall) => {
      const b = c.body as { displayName: string; parentId?: string }
      const u = unit(`new${units.length}`, b.parentId ?? null, '00002', b.displayName)
      units.push(u)
      return u
    },
    'GET /api/identity/organization-units/sales/members': (c: ApiCall) => pageOf(members.sales, c),
    'GET /api/identity/organization-units/sales/roles': (c: ApiCall) => pageOf(roles, c),
    'PUT /api/identity/organization-units/cut': (c: ApiCall) => {
      if ((c.body as { parentId: string | null }).parentId === 'sales')
        return new Response(JSON.stringify({ error: { message: 'The unit was changed by someone else; reload and try again' } }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        })
      const u = units.find((x) => x.id === 'cut')!
      Object.assign(u, c.body, { code: '00002' })
      return u
    },
    'DELETE /api/identity/organization-units/prod': () => {
      units.splice(2, 2)
      return undefined
    },
    'DELETE /api/identity/organization-units/sales/members/m0': () => {
      members.sales.shift()
      return undefined
    },
  })
  return { calls, units }
}

const OU = Permissions['AbpIdentity.OrganizationUnits']
const nodeNames = () => screen.queryAllByTestId('unit-node-name').map((n) => n.textContent)
/** How deep a node sits in the tree (0 for a root), from the indent antd draws before it. */
const depth = (name: string) => node(name).closest('.ant-tree-treenode')!.querySelectorAll('.ant-tree-indent-unit').length
const node = (name: string) => screen.getAllByTestId('unit-node').find((n) => n.getAttribute('data-name') === name)!

async function openMenu(name: string, item: string) {
  await userEvent.click(within(node(name)).getByTestId('unit-node-more'))
  await userEvent.click(await screen.findByTestId(item))
}

describe('OrganizationUnitsPage', () => {
  it('shows the flat list as an expanded tree and says to pick a unit', async () => {
    world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toEqual(['总部', '销售部', '生产部', '开料车间']))
    expect(screen.getByTestId('unit-no-selection')).toBeTruthy()
    expect(screen.getByText('Select an organisation unit on the left to see its members and roles')).toBeTruthy()
  })

  it('filters the tree by name, keeping the ancestors', async () => {
    world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await userEvent.type(within(screen.getByTestId('unit-tree-search')).getByRole('searchbox'), '开料')
    await waitFor(() => expect(nodeNames()).toEqual(['总部', '生产部', '开料车间']))
  })

  it('selecting a unit shows its members paged on the server, and its roles', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await userEvent.click(screen.getByText('销售部'))
    expect(await screen.findByTestId('unit-detail-title')).toHaveProperty('textContent', '总部 / 销售部')
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(20))
    expect(screen.getByText('23 in all')).toBeTruthy()
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(3))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('20')

    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }))
    await waitFor(() => expect(screen.getAllByTestId('unit-role-row')).toHaveLength(1))
    // adding roles needs the roles list, which needs AbpIdentity.Roles
    expect(screen.queryByTestId('unit-roles-add')).toBeNull()
  })

  it('removes a member after a confirmation titled Tips', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await userEvent.click(screen.getByText('销售部'))
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(20))
    await userEvent.click(within(screen.getAllByTestId('member-row')[0]).getByTestId('member-remove'))
    const confirm = await screen.findByRole('dialog')
    expect(within(confirm).getAllByText('Tips').length).toBeGreaterThan(0)
    expect(within(confirm).getByText('Remove "S0 Wang (seller00)" from the unit "销售部"?')).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Member removed')
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/sales/members/m0'))).toBe(true)
  })

  it('adds a root unit: Enter in the name saves, and the new unit is selected', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await userEvent.click(screen.getByTestId('unit-add-root'))
    const name = await screen.findByTestId('unit-form-displayName')
    await userEvent.type(name, '仓库{Enter}')
    await screen.findByText('Created successfully')
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.body).toEqual({ displayName: '仓库' }) // no parentId: a root
    await waitFor(() => expect(nodeNames()).toContain('仓库'))
    expect((await screen.findByTestId('unit-detail-title')).textContent).toBe('仓库')
  })

  it('refuses an empty name without calling the server', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await openMenu('生产部', 'unit-add-child')
    await screen.findByTestId('unit-dialog')
    fireEvent.click(screen.getByTestId('unit-dialog-save'))
    await screen.findByText('Please enter the name')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('deleting a unit with sub-units says how many go with it', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    await openMenu('生产部', 'unit-delete')
    const confirm = await screen.findByRole('dialog')
    expect(within(confirm).getByText('Delete the unit "生产部" and its 1 sub-units? Their members and roles are unlinked.')).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Deleted successfully')
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/organization-units/prod'))).toBe(true)
    await waitFor(() => expect(nodeNames()).toEqual(['总部', '销售部']))
  })

  it('a unit dropped onto another moves under it; a refused move shows the server message and the tree stays', async () => {
    const { calls } = world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [OU] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    const treenode = (name: string) => node(name).closest('.ant-tree-treenode') as HTMLElement
    const drag = (from: string, to: string) => {
      fireEvent.dragStart(treenode(from))
      fireEvent.dragEnter(treenode(to))
      fireEvent.dragOver(treenode(to))
      fireEvent.drop(treenode(to))
      fireEvent.dragEnd(treenode(from))
    }
    drag('开料车间', '销售部')
    await screen.findByText('The unit was changed by someone else; reload and try again')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({ displayName: '开料车间', parentId: 'sales', concurrencyStamp: 'stamp-cut' })
    expect(nodeNames()).toEqual(['总部', '销售部', '生产部', '开料车间'])
    expect(depth('开料车间')).toBe(2)

    drag('开料车间', '总部')
    await screen.findByText('Moved "开料车间" under "总部"')
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ displayName: '开料车间', parentId: 'hq', concurrencyStamp: 'stamp-cut' })
    await waitFor(() => expect(depth('开料车间')).toBe(1))

    // dropped where its parent stays the same: nothing is asked of the server
    const puts = calls.filter((c) => c.method === 'PUT').length
    drag('开料车间', '总部')
    await new Promise((r) => setTimeout(r, 100))
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(puts)
  })

  it('without the permission: no add, no node menus, no member actions', async () => {
    world()
    renderWithApp(<OrganizationUnitsPage />, { granted: [] })
    await waitFor(() => expect(nodeNames()).toHaveLength(4))
    expect(screen.queryByTestId('unit-add-root')).toBeNull()
    expect(screen.queryAllByTestId('unit-node-more')).toHaveLength(0)
    await userEvent.click(screen.getByText('销售部'))
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(20))
    expect(screen.queryByTestId('members-add')).toBeNull()
    expect(screen.queryAllByTestId('member-remove')).toHaveLength(0)
  })
})
