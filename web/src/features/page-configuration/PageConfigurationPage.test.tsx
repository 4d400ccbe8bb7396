// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { layOutSortableLists } from '../../components/data-table/testHarness'
import type { AppRoute } from '../../app/buildRoutes'
import { PageConfigurationPage } from './PageConfigurationPage'
import type { PageConfiguration } from './api'

const P = Permissions
const READ = P['BasicSetup.PageConfiguration']
const ALL = [READ, P['BasicSetup.PageConfiguration.Create'], P['BasicSetup.PageConfiguration.Update'], P['BasicSetup.PageConfiguration.Delete']]
const BASE = '/api/pageConfiguration'
const ORDERS = 'zzzsaleszzzorders'

const config = (...cols: [string, string, boolean][]) => JSON.stringify(cols.map(([key, title, isShow], order) => ({ key, title, isShow, order })))
const ORDER_COLUMNS = config(['orderNo', 'Order no', true], ['customer', 'Customer', true], ['price', 'Price', false])

const row = (id: string, over: Partial<PageConfiguration>): PageConfiguration => ({
  id,
  routeKey: ORDERS,
  kind: 'tenant',
  config: ORDER_COLUMNS,
  roleList: [],
  hiddenFields: '[]',
  columnCount: 3,
  shownColumnCount: 2,
  creationTime: '2026-01-05T08:00:00Z',
  lastModificationTime: '2026-01-06T09:30:00Z',
  concurrencyStamp: `stamp-${id}`,
  ...over,
})

const menuPage = (path: string, title: string): AppRoute =>
  ({ id: path, name: path, path, title, displayName: title, component: 'x/index', order: 0, noCache: false, affix: false, isExternal: false, hidden: false, isGroup: false, parents: [], children: [] }) as AppRoute

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  const rows: PageConfiguration[] = [
    row('r1', { kind: 'role', roleList: ['sales', 'design'], hiddenFields: '["price"]' }),
    row('u1', { kind: 'user', userId: 'user-1', userName: 'alice', config: config(['customer', 'Customer', true], ['orderNo', 'Order no', true]), columnCount: 2 }),
    row('t1', {}),
    row('t2', { routeKey: 'zzzunlisted', config: config(['a', 'A', true]), columnCount: 1, shownColumnCount: 1 }),
  ]
  const calls = mockApi({
    [`GET ${BASE}`]: (c) => {
      const filter = c.query.get('Filter') ?? ''
      const kind = c.query.get('kind')
      const routeKey = c.query.get('routeKey')
      return pageOf(
        rows.filter((r) => r.routeKey.includes(filter) && (!kind || r.kind === kind) && (!routeKey || r.routeKey === routeKey)),
        c,
      )
    },
    'GET /api/identity/roles/all': () => ({ items: ['admin', 'design', 'sales'].map((name) => ({ id: name, name })) }),
    'GET /api/pageconfiguration/config/zzz': () => ({ routeKey: 'zzz', config: '', source: 'none', allowed: true, hiddenFields: [] }),
    'GET /api/app/salesorder/issystemadmin': () => true,
    ...extra,
  })
  return { calls, rows }
}

const shell = { pages: [menuPage('/sales/orders', 'Sales orders')] }
const rowOf = (id: string) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement
const shown = () => [...document.querySelectorAll('tr[data-row-key]')].map((r) => r.getAttribute('data-row-key'))

async function choose(select: HTMLElement, text: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o as HTMLElement
  })
  await userEvent.click(option)
}

let undo: () => void
beforeEach(() => {
  undo = layOutSortableLists()
})
afterEach(() => undo())

describe('PageConfigurationPage', () => {
  it('lists every configuration: the route by its menu title and key, kind, whom it applies to, columns shown and hidden fields', async () => {
    const { calls } = serve()
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toEqual(['r1', 'u1', 't1', 't2']))
    const role = within(rowOf('r1'))
    expect(role.getByText('Sales orders')).toBeTruthy()
    expect(role.getByText(ORDERS)).toBeTruthy()
    expect(role.getByText('Role')).toBeTruthy()
    expect(role.getAllByTestId('config-role').map((e) => e.textContent)).toEqual(['sales', 'design'])
    expect(role.getByText('2 of 3')).toBeTruthy()
    expect(within(role.getByTestId('config-hidden')).getByText('price')).toBeTruthy()
    expect(within(rowOf('u1')).getByText('alice')).toBeTruthy()
    expect(within(rowOf('t1')).getByText('Everyone on this side')).toBeTruthy()
    // A route outside the user's menu shows its key alone.
    expect(within(rowOf('t2')).getByTestId('config-route').textContent).toBe('zzzunlisted')
    expect(calls.find((c) => c.path === BASE)?.query.get('MaxResultCount')).toBe('30')
  })

  it('searches by part of the route and by kind on the server', async () => {
    const { calls } = serve()
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    await userEvent.type(screen.getByTestId('config-search-filter'), ' unlisted {Enter}')
    await waitFor(() => expect(shown()).toEqual(['t2']))
    expect(calls.filter((c) => c.path === BASE).at(-1)?.query.get('Filter')).toBe('unlisted')
    await userEvent.click(screen.getByTestId('config-search-reset'))
    await waitFor(() => expect(shown()).toHaveLength(4))
    await choose(screen.getByTestId('config-search-kind'), 'User')
    await userEvent.click(screen.getByTestId('config-search-submit'))
    await waitFor(() => expect(shown()).toEqual(['u1']))
    expect(calls.filter((c) => c.path === BASE).at(-1)?.query.get('kind')).toBe('user')
  })

  it("edits a configuration's role list, hidden fields and columns, and saves them with its stamp", async () => {
    const { calls } = serve({ [`PUT ${BASE}/u1`]: (c) => row('u1', { kind: 'role', ...(c.body as object), roleList: ['design'] }) })
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    await userEvent.click(within(rowOf('u1')).getByTestId('config-edit'))
    const dialog = within(await screen.findByTestId('config-dialog'))
    expect(dialog.getByTestId('config-dialog-route').textContent).toBe(`Sales orders · ${ORDERS}`)
    await choose(screen.getByTestId('config-dialog-roles'), 'design')
    expect(await dialog.findByText("This is a user's own configuration; choosing roles makes it a role configuration.")).toBeTruthy()
    await choose(screen.getByTestId('config-dialog-hidden'), 'Order no (orderNo)')
    await userEvent.click(within(screen.getByTestId('config-dialog-columns-item-customer')).getByRole('checkbox'))
    // Move "Order no" above "Customer" with the keyboard.
    screen.getByTestId('config-dialog-columns-handle-orderNo').focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowUp}')
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect([...screen.getByTestId('config-dialog-columns').querySelectorAll('li')].map((li) => li.getAttribute('data-key'))).toEqual(['orderNo', 'customer']),
    )
    await userEvent.click(screen.getByTestId('config-dialog-save'))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>
    expect(body.roleList).toEqual(['design'])
    expect(body.hiddenFields).toBe('["orderNo"]')
    expect(body.concurrencyStamp).toBe('stamp-u1')
    expect(JSON.parse(body.config as string)).toEqual([
      { key: 'orderNo', title: 'Order no', isShow: true, order: 0 },
      { key: 'customer', title: 'Customer', isShow: false, order: 1 },
    ])
    expect(await screen.findByText('The configuration was saved')).toBeTruthy()
  })

  it('will not save with no column shown, and shows the server refusing a role list on its field', async () => {
    const { calls } = serve({
      [`PUT ${BASE}/r1`]: () =>
        new Response(
          JSON.stringify({ error: { message: 'Validation failed', validationErrors: [{ message: 'The route zzzsaleszzzorders already has a default for everyone', members: ['roleList'] }] } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    })
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    await userEvent.click(within(rowOf('r1')).getByTestId('config-edit'))
    await screen.findByTestId('config-dialog')
    for (const key of ['orderNo', 'customer']) await userEvent.click(within(screen.getByTestId(`config-dialog-columns-item-${key}`)).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('config-dialog-save'))
    expect(await screen.findByText('Please select at least one column')).toBeTruthy()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    await userEvent.click(within(screen.getByTestId('config-dialog-columns-item-customer')).getByRole('checkbox'))
    // Emptying the role list would make it the default for everyone: the server says there is one.
    const roles = screen.getByTestId('config-dialog-roles')
    fireEvent.mouseDown(within(roles).getByRole('combobox'))
    for (const name of ['sales', 'design']) {
      const o = await waitFor(() => {
        const e = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((x) => x.textContent === name)
        if (!e) throw new Error(name)
        return e as HTMLElement
      })
      await userEvent.click(o) // a ticked option unticks
    }
    expect(await screen.findByText('Without roles, this becomes the default for everyone of the route.')).toBeTruthy()
    await userEvent.click(screen.getByTestId('config-dialog-save'))
    expect(await screen.findByText('The route zzzsaleszzzorders already has a default for everyone')).toBeTruthy()
    expect((calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>).roleList).toEqual([])
    expect(screen.getByTestId('config-dialog')).toBeTruthy()
  })

  it('deletes after a confirmation titled Tips, and not when cancelled', async () => {
    const { calls, rows } = serve({
      [`DELETE ${BASE}/t2`]: () => {
        rows.splice(3, 1)
        return undefined
      },
    })
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    await userEvent.click(within(rowOf('t2')).getByTestId('config-delete'))
    const confirm = within((await screen.findByTestId('confirm-delete')).closest('.ant-modal') as HTMLElement)
    expect(confirm.getAllByText('Tips').length).toBeGreaterThan(0)
    expect(confirm.getByText('Delete the default configuration of "zzzunlisted"? Its users then see what applies otherwise.')).toBeTruthy()
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull())
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await userEvent.click(within(rowOf('t2')).getByTestId('config-delete'))
    await userEvent.click(await screen.findByTestId('confirm-delete'))
    await waitFor(() => expect(shown()).toEqual(['r1', 'u1', 't1']))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${BASE}/t2`])
    expect(await screen.findByText('The configuration was deleted')).toBeTruthy()
  })

  it('creates a role configuration by copying the configuration of a configured route', async () => {
    const { calls } = serve({ [`POST ${BASE}`]: (c) => row('new', { kind: 'role', ...(c.body as object) }) })
    renderWithApp(<PageConfigurationPage />, { granted: ALL, shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    await userEvent.click(screen.getByTestId('configs-add'))
    await screen.findByTestId('config-dialog')
    await choose(screen.getByTestId('config-dialog-route-select'), `Sales orders · ${ORDERS}`)
    // The route's default for everyone is offered first; its columns and hidden fields are copied.
    await waitFor(() => expect(screen.getByTestId('config-dialog-columns')).toBeTruthy())
    expect(screen.getByTestId('config-dialog-source').textContent).toContain('Default for everyone — 2 of 3 columns')
    await choose(screen.getByTestId('config-dialog-source'), 'Roles: sales, design — 2 of 3 columns')
    await waitFor(() => expect(within(screen.getByTestId('config-dialog-hidden')).getByText('Price (price)')).toBeTruthy())
    await userEvent.click(screen.getByTestId('config-dialog-save'))
    expect(await screen.findByText('Please choose at least one role')).toBeTruthy()
    await choose(screen.getByTestId('config-dialog-roles'), 'admin')
    await userEvent.click(screen.getByTestId('config-dialog-save'))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>
    expect(body).toEqual({ routeKey: ORDERS, config: ORDER_COLUMNS, roleList: ['admin'], hiddenFields: '["price"]' })
    expect(await screen.findByText('The role configuration was created')).toBeTruthy()
  })

  it('shows reading only to a user without the changing permissions', async () => {
    serve()
    renderWithApp(<PageConfigurationPage />, { granted: [READ], shell })
    await waitFor(() => expect(shown()).toHaveLength(4))
    expect(screen.queryByTestId('configs-add')).toBeNull()
    expect(screen.queryByTestId('config-edit')).toBeNull()
    expect(screen.queryByTestId('config-delete')).toBeNull()
  })
})
