// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall, type ApiHandler } from '../../test/render'
import { COLUMNS, ListPage, ROWS, layOutSortableLists, type Row } from './testHarness'
import { URGENT_ROW_CLASS } from './ConfiguredTable'
import { PAGE_CONFIGURATION_UPDATE, type AppliedPageConfig } from './useColumnConfig'
import type { ColumnDef, ColumnSetting } from './columns'

const ROUTE = '/basic-setup/data-dictionary'
const KEY = 'zzzbasic-setupzzzdata-dictionary'
const CONFIG = `GET /api/pageconfiguration/config/${KEY}`

const applied = (over: Partial<AppliedPageConfig> = {}): AppliedPageConfig => ({ routeKey: KEY, config: '', source: 'none', allowed: true, hiddenFields: [], ...over })
const configOf = (entries: [string, boolean][]) => JSON.stringify(entries.map(([key, isShow], order) => ({ key, title: key, isShow, order })))

function api(over: Record<string, ApiHandler> = {}) {
  return mockApi({
    [CONFIG]: () => applied(),
    'GET /api/app/salesorder/issystemadmin': () => false,
    'GET /api/rows': (c) => pageOf(ROWS, c),
    ...over,
  })
}

const table = () => screen.getByTestId('t-table')
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean)
const lastList = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/rows').at(-1)!
const listParams = (calls: ApiCall[]) => Object.fromEntries([...lastList(calls).query].filter(([k]) => !['SkipCount', 'MaxResultCount'].includes(k)))

async function shown(text = 'Base 600') {
  await within(table()).findByText(text)
}

/** The header's filter icon (antd also renders a copy of the header, for measuring, without a dropdown). */
const filterIcon = (key: string) => screen.getAllByTestId(`t-filter-${key}`).find((el) => el.closest('.ant-dropdown-trigger'))!

async function openFilter(key: string) {
  fireEvent.click(filterIcon(key))
  return screen.findByTestId(`t-filter-${key}-panel`)
}

let undo: () => void
beforeEach(() => {
  undo = layOutSortableLists()
})
afterEach(() => undo())

describe('ConfiguredTable: columns', () => {
  it('reads the configuration of its route and shows the declared defaults when there is none', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(CONFIG)
  })

  it('shows the saved columns in the saved order, hidden ones left out', async () => {
    api({ [CONFIG]: () => applied({ source: 'user', id: 'c1', config: configOf([['name', true], ['code', true], ['qty', false], ['note', true]]) }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    // Columns the saved config does not name follow it as they are by default.
    expect(headers()).toEqual(['Name', 'Order id', 'Note', 'Due', 'Urgent'])
  })

  it('falls back to the declared defaults when the saved config is corrupt', async () => {
    api({ [CONFIG]: () => applied({ source: 'user', config: '[{"key": "name", "isShow": tru' }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
  })

  it('falls back to the declared defaults when the saved config shows no column', async () => {
    api({ [CONFIG]: () => applied({ source: 'role', config: configOf(COLUMNS.map((c) => [c.key, false])) }) })
    renderWithApp(<ListPage columns={COLUMNS.map((c) => ({ ...c, alwaysShown: false }))} />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
  })

  it('falls back to the declared defaults when the configuration fails to load', async () => {
    api({ [CONFIG]: () => new Response(JSON.stringify({ error: { message: 'down' } }), { status: 500 }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
  })

  it('removes the hidden fields of a role configuration entirely: from the table and from the dialog', async () => {
    api({ [CONFIG]: () => applied({ source: 'role', config: configOf([['qty', true], ['name', true]]), hiddenFields: ['name', 'due'] }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown('SO-1')
    expect(headers()).toEqual(['Quantity', 'Order id', 'Urgent'])
    fireEvent.click(screen.getByTestId('t-columns'))
    const list = await screen.findByTestId('t-column-dialog-list')
    expect([...list.querySelectorAll('li')].map((li) => li.getAttribute('data-key'))).toEqual(['qty', 'code', 'urgent', 'note'])
  })

  it('shows a system administrator the full default column set whatever the role configuration says', async () => {
    api({
      'GET /api/app/salesorder/issystemadmin': () => true,
      [CONFIG]: () => applied({ source: 'role', config: configOf([['qty', true], ['name', false]]), hiddenFields: ['due'], allowed: false }),
    })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
    expect(screen.queryByTestId('t-not-allowed')).toBeNull()
  })

  it('shows a system administrator their own saved columns', async () => {
    api({ 'GET /api/app/salesorder/issystemadmin': () => true, [CONFIG]: () => applied({ source: 'user', config: configOf([['name', true], ['code', true], ['qty', false]]) }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()).toEqual(['Name', 'Order id', 'Due', 'Urgent'])
  })

  it('shows at most 18 columns, the order id among them, and says so in the dialog', async () => {
    const many: ColumnDef<Row>[] = [
      ...Array.from({ length: 19 }, (_, i) => ({ key: `c${i + 1}`, title: `Column ${i + 1}` })),
      { key: 'code', title: 'Order id', alwaysShown: true },
    ]
    api()
    renderWithApp(<ListPage columns={many} />, { path: ROUTE })
    await shown('SO-1')
    const h = headers()
    expect(h).toHaveLength(18)
    expect(h.slice(0, 17)).toEqual(Array.from({ length: 17 }, (_, i) => `Column ${i + 1}`))
    expect(h[17]).toBe('Order id')
    fireEvent.click(screen.getByTestId('t-columns'))
    expect((await screen.findByTestId('t-column-dialog-limit')).textContent).toContain('(Column 18, Column 19)')
  })

  it('appends the actions column last; it is not in the dialog', async () => {
    api()
    renderWithApp(<ListPage actions={{ title: 'Actions', render: () => 'edit' }} />, { path: ROUTE })
    await shown()
    expect(headers().at(-1)).toBe('Actions')
    fireEvent.click(screen.getByTestId('t-columns'))
    const list = await screen.findByTestId('t-column-dialog-list')
    expect(within(list).queryByText('Actions')).toBeNull()
  })
})

describe('ConfiguredTable: the custom-column dialog', () => {
  it('hides one column and moves another, saves them as mine, and the table follows', async () => {
    let config = applied()
    const calls = api({
      [CONFIG]: () => config,
      'POST /api/pageconfiguration/save-config': (c) => {
        const body = c.body as { config: string }
        config = applied({ source: 'user', id: 'mine', config: body.config })
        return { id: 'mine', config: body.config }
      },
    })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('t-columns'))
    await user.click(within(await screen.findByTestId('t-column-dialog-list-item-qty')).getByRole('checkbox'))
    screen.getByTestId('t-column-dialog-list-handle-due').focus()
    await user.keyboard(' ')
    await user.keyboard('{ArrowUp}')
    await user.keyboard('{ArrowUp}')
    await user.keyboard(' ')
    await user.click(screen.getByTestId('t-column-dialog-save'))
    await waitFor(() => expect(headers()).toEqual(['Order id', 'Due', 'Name', 'Urgent']))

    const save = calls.find((c) => c.path === '/api/pageconfiguration/save-config')!
    const body = save.body as { id?: string; routeKey: string; config: string }
    expect(body.routeKey).toBe(KEY)
    expect(body.id).toBeUndefined()
    expect(JSON.parse(body.config)).toEqual([
      { key: 'code', title: 'Order id', isShow: true, order: 0 },
      { key: 'due', title: 'Due', isShow: true, order: 1 },
      { key: 'name', title: 'Name', isShow: true, order: 2 },
      { key: 'qty', title: 'Quantity', isShow: false, order: 3 },
      { key: 'urgent', title: 'Urgent', isShow: true, order: 4 },
      { key: 'note', title: 'Note', isShow: false, order: 5 },
    ])
  })

  it('saves over my own configuration by its id', async () => {
    const calls = api({
      [CONFIG]: () => applied({ source: 'user', id: 'mine', config: configOf([['code', true], ['name', true]]) }),
      'POST /api/pageconfiguration/save-config': (c) => ({ id: 'mine', config: (c.body as { config: string }).config }),
    })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('t-columns'))
    await user.click(await screen.findByTestId('t-column-dialog-save'))
    await waitFor(() => expect(calls.some((c) => c.path === '/api/pageconfiguration/save-config')).toBe(true))
    expect((calls.find((c) => c.path === '/api/pageconfiguration/save-config')!.body as { id: string }).id).toBe('mine')
  })

  it('resets: drops my configuration and shows what applies otherwise', async () => {
    let config = applied({ source: 'user', id: 'mine', config: configOf([['name', true], ['code', true]]) })
    const calls = api({
      [CONFIG]: () => config,
      [`DELETE /api/pageconfiguration/config/${KEY}`]: () => {
        config = applied()
        return undefined
      },
    })
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(headers()[0]).toBe('Name')
    const user = userEvent.setup()
    await user.click(screen.getByTestId('t-columns'))
    await user.click(await screen.findByTestId('t-column-dialog-reset'))
    await user.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent']))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true)
  })

  it('lets a holder of BasicSetup.PageConfiguration.Update save the columns as everyone\u2019s default', async () => {
    const calls = api({ 'POST /api/pageconfiguration/save-tenant-config': (c) => ({ id: 't1', config: (c.body as { config: string }).config }) })
    renderWithApp(<ListPage />, { path: ROUTE, granted: [PAGE_CONFIGURATION_UPDATE] })
    await shown()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('t-columns'))
    await user.click(within(await screen.findByTestId('t-column-dialog-list-item-name')).getByRole('checkbox'))
    await user.click(screen.getByTestId('t-column-dialog-save-tenant'))
    await waitFor(() => expect(calls.some((c) => c.path === '/api/pageconfiguration/save-tenant-config')).toBe(true))
    const body = calls.find((c) => c.path === '/api/pageconfiguration/save-tenant-config')!.body as { routeKey: string; config: string }
    expect(body.routeKey).toBe(KEY)
    expect((JSON.parse(body.config) as ColumnSetting[]).find((s) => s.key === 'name')?.isShow).toBe(false)
    expect(calls.some((c) => c.path === '/api/pageconfiguration/save-config')).toBe(false)
  })

  it('offers no everyone\u2019s-default button without that permission', async () => {
    api()
    renderWithApp(<ListPage />, { path: ROUTE, granted: ['BasicSetup.DataDictionary'] })
    await shown()
    fireEvent.click(screen.getByTestId('t-columns'))
    await screen.findByTestId('t-column-dialog-save')
    expect(screen.queryByTestId('t-column-dialog-save-tenant')).toBeNull()
  })
})

describe('ConfiguredTable: rows', () => {
  it('shows no rows to a user a role configuration leaves out, and says why', async () => {
    api({ [CONFIG]: () => applied({ source: 'tenant', allowed: false }) })
    renderWithApp(<ListPage />, { path: ROUTE })
    expect(await screen.findByTestId('t-not-allowed')).toBeTruthy()
    await waitFor(() => expect(within(table()).getAllByText('No rows for your role').length).toBeGreaterThan(0))
    expect(within(table()).queryByText('Base 600')).toBeNull()
    expect(within(table()).queryByText('SO-1')).toBeNull()
  })

  it('shows urgent rows in red', async () => {
    api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const row = (text: string) => within(table()).getByText(text).closest('tr')!
    expect(row('Base 600').classList.contains(URGENT_ROW_CLASS)).toBe(true)
    expect(row('Wall 900').classList.contains(URGENT_ROW_CLASS)).toBe(false)
  })

  it('asks for 30 rows a page and offers the sizes 10, 15, 20, 30, 40, 50', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    expect(lastList(calls).query.get('MaxResultCount')).toBe('30')
    const changer = screen.getByTestId('t-scroll').parentElement!.querySelector('.ant-pagination-options-size-changer')
    expect(changer).not.toBeNull()
    fireEvent.mouseDown(changer!.querySelector('.ant-select-content, .ant-select-selector, input')!)
    const options = await screen.findAllByText(/ \/ page$/)
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['10 / page', '15 / page', '20 / page', '30 / page', '40 / page', '50 / page']))
  })

  it('scrolls the table within the window less 270 px', async () => {
    api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const body = table().querySelector<HTMLElement>('.ant-table-body')!
    expect(body.style.maxHeight).toBe('calc(100vh - 270px)')
  })

  it('expands a row into a child area at most 460 px high', async () => {
    api()
    renderWithApp(<ListPage expandable={{ rowExpandable: (r) => r.id === '1', render: (r) => `parts of ${r.name}` }} />, { path: ROUTE })
    await shown()
    const expanders = within(table()).getAllByRole('button', { name: /expand/i })
    expect(expanders).toHaveLength(1)
    fireEvent.click(expanders[0])
    const child = await screen.findByTestId('t-child')
    expect(child.textContent).toBe('parts of Base 600')
    expect(child.style.maxHeight).toBe('460px')
    expect(child.style.overflow).toBe('auto')
  })

  it('ticks rows', async () => {
    api()
    const picked: React.Key[][] = []
    renderWithApp(<ListPage selection={{ selectedRowKeys: [], onChange: (k) => picked.push(k) }} />, { path: ROUTE })
    await shown()
    fireEvent.click(within(within(table()).getByText('Wall 900').closest('tr')!).getByRole('checkbox'))
    expect(picked).toEqual([['2']])
  })
})

describe('ConfiguredTable: sorting and filters', () => {
  it('sorts on the server by a sortable column: ascending, then descending', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const header = screen.getByRole('columnheader', { name: /Name/ })
    fireEvent.click(header)
    await waitFor(() => expect(listParams(calls).Sorting).toBe('name'))
    fireEvent.click(header)
    await waitFor(() => expect(listParams(calls).Sorting).toBe('name desc'))
    expect(screen.getByRole('columnheader', { name: /Quantity/ }).querySelector('.ant-table-column-sorters')).toBeNull()
  })

  it('filters a text column: the trimmed text under the column key', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    await openFilter('name')
    const user = userEvent.setup()
    await user.type(screen.getByTestId('t-filter-name-input'), '  Wall {Enter}')
    await waitFor(() => expect(listParams(calls)).toEqual({ name: 'Wall' }))
    expect(filterIcon('name').getAttribute('data-active')).toBe('true')
  })

  it('filters a number column: keyMin and keyMax', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    await openFilter('qty')
    const user = userEvent.setup()
    await user.type(screen.getByTestId('t-filter-qty-min'), '2')
    await user.type(screen.getByTestId('t-filter-qty-max'), '4')
    await user.click(screen.getByTestId('t-filter-qty-apply'))
    await waitFor(() => expect(listParams(calls)).toEqual({ qtyMin: '2', qtyMax: '4' }))
  })

  it('filters a date column by a range: keyFrom and keyTo as YYYY-MM-DD', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const panel = await openFilter('due')
    const [from, to] = within(panel).getAllByRole('textbox') as HTMLInputElement[]
    const user = userEvent.setup()
    await user.click(from)
    await user.type(from, '2025-03-01{Enter}')
    await user.click(to)
    await user.type(to, '2025-03-31{Enter}')
    await user.click(screen.getByTestId('t-filter-due-apply'))
    await waitFor(() => expect(listParams(calls)).toEqual({ dueFrom: '2025-03-01', dueTo: '2025-03-31' }))
  })

  it('filters a yes/no column: the key with true or false', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    const panel = await openFilter('urgent')
    fireEvent.mouseDown(within(panel).getByRole('combobox'))
    fireEvent.click(await within(panel).findByTitle('No'))
    fireEvent.click(screen.getByTestId('t-filter-urgent-apply'))
    await waitFor(() => expect(listParams(calls)).toEqual({ urgent: 'false' }))
  })

  it('clears a filter with its Reset', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await shown()
    await openFilter('name')
    const user = userEvent.setup()
    await user.type(screen.getByTestId('t-filter-name-input'), 'Wall{Enter}')
    await waitFor(() => expect(listParams(calls)).toEqual({ name: 'Wall' }))
    await openFilter('name')
    await user.click(screen.getByTestId('t-filter-name-clear'))
    await waitFor(() => expect(listParams(calls)).toEqual({}))
  })
})
