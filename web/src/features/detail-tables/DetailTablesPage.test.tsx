// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { DetailTablesPage } from './DetailTablesPage'
import { TYPE_A, TYPE_B, clientWith, configRows, invalid, serveConfig } from './testServer'
import type { ConfigBody } from './types'

const PUT = 'PUT /api/sales-order/detail-tables/config'
const tableRow = (key: string) => screen.getAllByTestId('detail-table-row').find((r) => r.getAttribute('data-key') === key) as HTMLElement
const columnRows = () => screen.getAllByTestId('column-row')
const visibleOptions = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')] as HTMLElement[]

async function choose(select: HTMLElement, text: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = visibleOptions().find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o
  })
  await userEvent.click(option)
}

async function renderPage() {
  const r = renderWithApp(<DetailTablesPage />, { client: clientWith() })
  await waitFor(() => expect(within(tableRow('product')).getByTestId('row-columns').textContent).toBe('4'))
  return r
}

/** Opens a table's dialog and adds a column with a key and a formula. */
async function addColumn(table: string, key: string, compute: string) {
  await userEvent.click(within(tableRow(table)).getByTestId('row-edit'))
  await screen.findByTestId('table-dialog')
  await userEvent.click(screen.getByTestId('column-add'))
  const last = columnRows()[columnRows().length - 1]
  const keyInput = within(last).getByLabelText(/^Key of column/)
  await waitFor(() => expect(document.activeElement).toBe(keyInput))
  await userEvent.type(keyInput, key)
  await choose(within(last).getByTestId('column-widget'), 'Number')
  await userEvent.type(within(last).getByTestId('column-compute'), compute)
  return last
}

describe('DetailTablesPage', () => {
  it('lists the five tables of every order type: shown, required, sort, columns, actions', async () => {
    serveConfig()
    await renderPage()
    expect(screen.getAllByTestId('table-name').map((e) => e.textContent)).toEqual(['Products', 'Parts', 'Standard products', 'Sales list', 'Review'])
    const product = within(tableRow('product'))
    expect(product.getByTestId('row-required').getAttribute('aria-checked')).toBe('true')
    expect(product.getByTestId('row-shown').getAttribute('aria-checked')).toBe('true')
    expect(product.getByTestId('row-sort').textContent).toBe('1')
    expect(product.getByTestId('row-actions').textContent).toBe('AddClear')
    expect(within(tableRow('examine')).getByTestId('row-actions').textContent).toBe('No actions')
    expect(screen.queryByTestId('dirty')).toBeNull()
    expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows an order type its own rows and the default ones; copies the default for a type without any', async () => {
    const calls = serveConfig(configRows, { [PUT]: (c) => ({ items: (c.body as ConfigBody).items }) })
    await renderPage()
    await choose(screen.getByTestId('order-type'), 'Standardown configuration')
    await waitFor(() => expect(tableRow('product').getAttribute('data-source')).toBe('own'))
    expect(within(tableRow('product')).getByTestId('row-columns').textContent).toBe('1')
    expect(tableRow('matter').getAttribute('data-source')).toBe('default')
    expect(within(tableRow('matter')).getByTestId('row-shown').hasAttribute('disabled')).toBe(true)

    await choose(screen.getByTestId('order-type'), 'After-sales')
    expect(await screen.findByTestId('no-own-rows')).toBeTruthy()
    await userEvent.click(screen.getByTestId('copy-default'))
    await waitFor(() => expect(screen.getAllByTestId('detail-table-row').every((r) => r.getAttribute('data-source') === 'own')).toBe(true))
    expect(screen.getByTestId('dirty')).toBeTruthy()
    await userEvent.click(within(tableRow('matter')).getByTestId('row-required'))
    await userEvent.click(screen.getByTestId('save'))
    expect(await screen.findByText('Saved successfully')).toBeTruthy()
    const body = calls.find((c) => c.method === 'PUT')!.body as ConfigBody
    expect(body.items).toHaveLength(11)
    const own = body.items!.filter((i) => i.orderTypeId === TYPE_B)
    expect(own.map((i) => [i.key, i.required])).toEqual([
      ['product', true],
      ['matter', true],
      ['standardProduct', false],
      ['salesLists', false],
      ['examine', false],
    ])
    expect(body.items!.filter((i) => i.orderTypeId === TYPE_A)).toHaveLength(1)
  })

  it('edits a column: adds a computed one, and Save sends the whole configuration with it', async () => {
    const calls = serveConfig(configRows, { [PUT]: (c) => ({ items: (c.body as ConfigBody).items }) })
    await renderPage()
    const last = await addColumn('matter', 'cost', 'area * 120')
    await choose(within(last).getByTestId('column-permissions'), 'SalesOrder.Details')
    // the first column moves below the second
    await userEvent.click(within(columnRows()[0]).getByTestId('column-down'))
    expect(columnRows().map((r) => r.getAttribute('data-key'))).toEqual(['width', 'length', 'count', 'area', 'cost'])
    await choose(screen.getByTestId('action-export'), 'SalesOrder.Details.Export')
    await userEvent.click(screen.getByTestId('table-dialog-apply'))
    await waitFor(() => expect(screen.queryByTestId('table-dialog')).toBeNull())
    expect(within(tableRow('matter')).getByTestId('row-columns').textContent).toBe('5')
    expect(screen.getByTestId('dirty')).toBeTruthy()

    await userEvent.click(screen.getByTestId('save'))
    expect(await screen.findByText('Saved successfully')).toBeTruthy()
    const body = calls.find((c) => c.method === 'PUT')!.body as ConfigBody
    expect(body.items).toHaveLength(6)
    expect(body.items![1]).toEqual({
      key: 'matter',
      shown: true,
      required: false,
      sort: 2,
      columns: [
        { key: 'width' },
        { key: 'length' },
        { key: 'count', widget: 'number' },
        { key: 'area', widget: 'number', compute: 'round(length * width / 1000000, 3)' },
        { key: 'cost', widget: 'number', compute: 'area * 120', permissions: ['SalesOrder.Details'] },
      ],
      actions: { create: ['SalesOrder.Details.Create'], importExcel: [], clear: ['SalesOrder.Details.Clear'], select: [], export: ['SalesOrder.Details.Export'] },
    })
    expect(body.items![5]).toMatchObject({ key: 'product', orderTypeId: TYPE_A })
    await waitFor(() => expect(screen.queryByTestId('dirty')).toBeNull())
  })

  it('shows a formula that does not parse under it, as typed, and keeps the dialog open', async () => {
    const calls = serveConfig()
    await renderPage()
    const last = await addColumn('matter', 'cost', 'area * (120')
    expect(within(last).getByTestId('column-error-compute').textContent).toBe('At character 12: the expression is incomplete')
    await userEvent.click(screen.getByTestId('table-dialog-apply'))
    expect(await screen.findByText('Correct the columns marked in red first')).toBeTruthy()
    expect(screen.getByTestId('table-dialog')).toBeTruthy()
    await userEvent.type(within(last).getByTestId('column-compute'), ')')
    await waitFor(() => expect(within(last).queryByTestId('column-error-compute')).toBeNull())
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('lists what the server refused, naming table and column, and puts it on the field in the dialog', async () => {
    const message = 'Parts: the formula of column "cost" names "nosuch", which is not a column of the table'
    serveConfig(configRows, { [PUT]: () => invalid(message, [{ message, members: ['items[1].columns[4].compute'] }]) })
    await renderPage()
    await addColumn('matter', 'cost', 'nosuch * 2')
    await userEvent.click(screen.getByTestId('table-dialog-apply'))
    await waitFor(() => expect(screen.queryByTestId('table-dialog')).toBeNull())
    await userEvent.click(screen.getByTestId('save'))
    expect(await screen.findByText('The configuration was not saved')).toBeTruthy()
    expect(within(screen.getByTestId('save-errors')).getByTestId('save-error').textContent).toBe(message)
    expect(within(tableRow('matter')).getByTestId('table-has-errors').textContent).toBe('Errors: 1')
    expect(screen.getByTestId('dirty')).toBeTruthy()

    await userEvent.click(screen.getByTestId('save-error-open'))
    await screen.findByTestId('table-dialog')
    const cost = columnRows()[4]
    expect(cost.getAttribute('data-key')).toBe('cost')
    expect(within(cost).getByTestId('column-error-compute').textContent).toBe(message)
    await waitFor(() => expect(document.activeElement).toBe(within(cost).getByTestId('column-compute')))
    // changing the formula clears the server's message about it
    await userEvent.clear(within(cost).getByTestId('column-compute'))
    await userEvent.type(within(cost).getByTestId('column-compute'), 'area * 2')
    expect(within(cost).queryByTestId('column-error-compute')).toBeNull()
  })

  it('asks before showing another order type with changes not saved', async () => {
    const calls = serveConfig()
    await renderPage()
    await userEvent.click(within(tableRow('matter')).getByTestId('row-required'))
    expect(screen.getByTestId('dirty')).toBeTruthy()
    await choose(screen.getByTestId('order-type'), 'After-sales')
    expect(await screen.findByTestId('unsaved-text')).toBeTruthy()
    await userEvent.click(screen.getByTestId('unsaved-cancel'))
    await waitFor(() => expect(screen.queryByTestId('unsaved-text')).toBeNull())
    expect(tableRow('matter').getAttribute('data-source')).toBe('own')

    await choose(screen.getByTestId('order-type'), 'After-sales')
    await userEvent.click(await screen.findByTestId('unsaved-discard'))
    expect(await screen.findByTestId('no-own-rows')).toBeTruthy()
    expect(screen.queryByTestId('dirty')).toBeNull()
    expect(within(tableRow('matter')).getByTestId('row-required').getAttribute('aria-checked')).toBe('false')
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('saves before showing another order type when asked to, and previews what its orders show', async () => {
    const calls = serveConfig(configRows, {
      [PUT]: (c) => ({ items: (c.body as ConfigBody).items }),
      'GET /api/sales-order/detail-tables': (c) => ({
        items:
          c.query.get('orderTypeId') === TYPE_A
            ? [
                {
                  key: 'product',
                  displayName: 'Products',
                  required: true,
                  sort: 1,
                  columns: [{ key: 'name', displayName: 'Name', title: 'Name' }, { key: 'amount', displayName: 'Amount', title: 'Amount', compute: 'price * count' }],
                  actions: { create: [], importExcel: [], clear: [], select: [], export: [] },
                  grantedActions: ['create'],
                  showActions: true,
                },
              ]
            : [],
      }),
    })
    await renderPage()
    await userEvent.click(within(tableRow('salesLists')).getByTestId('row-shown'))
    await choose(screen.getByTestId('order-type'), 'Standardown configuration')
    await userEvent.click(await screen.findByTestId('unsaved-save'))
    expect(await screen.findByText('Saved successfully')).toBeTruthy()
    await waitFor(() => expect(tableRow('product').getAttribute('data-source')).toBe('own'))
    expect((calls.find((c) => c.method === 'PUT')!.body as ConfigBody).items![3]).toMatchObject({ key: 'salesLists', shown: false })

    await userEvent.click(screen.getByTestId('preview-open'))
    const preview = await screen.findByTestId('preview')
    await waitFor(() => expect(within(preview).getAllByTestId('preview-tab').map((e) => e.textContent)).toEqual(['*Products']))
    expect([...new Set(within(preview).getAllByTestId('preview-column').map((e) => e.textContent))]).toEqual(['Name', 'Amount ƒ'])
    expect(calls.some((c) => c.path === '/api/sales-order/detail-tables' && c.query.get('orderTypeId') === TYPE_A)).toBe(true)
  })

  it('shows no Save and no edits without the permission', async () => {
    serveConfig()
    renderWithApp(<DetailTablesPage />, { client: clientWith([]) })
    await waitFor(() => expect(within(tableRow('product')).getByTestId('row-columns').textContent).toBe('4'))
    expect(screen.queryByTestId('save')).toBeNull()
    expect((within(tableRow('product')).getByTestId('row-edit') as HTMLButtonElement).disabled).toBe(true)
  })
})
