// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { useLocation } from 'react-router'
import { renderWithApp, type ApiCall } from '../../test/render'
import { URGENT_ROW_CLASS } from '../../components'
import { OrderListPage } from './OrderListPage'
import { invalid, line, order, serveOrders } from './testServer'
import type { SalesOrder, SalesOrderInput } from './types'

const ALL = ['SalesOrder.Orders', 'SalesOrder.Orders.Create', 'SalesOrder.Orders.Edit', 'SalesOrder.Orders.Delete', 'SalesOrder.Details']
const PATH = '/sales/orders'

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>
}

function render(scope: 'all' | 'own' | 'pending' | 'history' = 'all', granted = ALL, path = PATH) {
  return renderWithApp(
    <>
      <OrderListPage scope={scope} />
      <Where />
    </>,
    { granted, path },
  )
}

const table = () => screen.getByTestId('orders-table')
const numbers = () => within(table()).queryAllByTestId('order-number').map((e) => e.textContent)
const actions = (number: string) => screen.getAllByTestId('order-actions').find((e) => e.getAttribute('data-number') === number)!
const rowOf = (number: string) => actions(number).closest('tr') as HTMLElement
const lastList = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/app/salesorder').at(-1)!
const listParams = (calls: ApiCall[]) =>
  Object.fromEntries([...lastList(calls).query].filter(([k]) => !['SkipCount', 'MaxResultCount'].includes(k)))
const filterIcon = (key: string) => screen.getAllByTestId(`orders-filter-${key}`).find((el) => el.closest('.ant-dropdown-trigger'))!
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean)
const dialog = () => screen.getByTestId('order-dialog')

/** Three orders to work on, and `more` plain drafts after them (a table of 30 rows is slow in jsdom). */
function world(more = 2) {
  const orders: SalesOrder[] = [
    order(1, { isUrgent: true, customerName: 'Wang Lei' }),
    order(2, { status: 10 }),
    order(3, { status: 50 }),
    ...Array.from({ length: more }, (_, i) => order(10 + i)),
  ]
  const lines = [line('o-1', 1), line('o-1', 2, { name: 'Wall cabinet', amount: 480.5 })]
  return { orders, lines }
}

describe('OrderListPage', () => {
  it('lists 30 orders a page with their status, urgent ones in red, the number linking to the order', async () => {
    const w = world(30)
    const calls = serveOrders(w)
    render()
    await waitFor(() => expect(numbers()).toHaveLength(30))
    expect(screen.getByText('33 in all')).toBeTruthy()
    expect(lastList(calls).query.get('Scope')).toBe('all')
    expect(lastList(calls).query.get('MaxResultCount')).toBe('30')
    expect(headers()).toEqual([
      'Order number',
      'Status',
      'Order type',
      'Product type',
      'Dealer',
      'Customer',
      'Phone',
      'Order date',
      'Delivery date',
      'Lines total',
      'Order total',
      'Paid',
      'Balance due',
      'Urgent',
      'Created by',
      'Creation time',
      'Actions',
    ])
    expect(rowOf('SO202601050001').className).toContain(URGENT_ROW_CLASS)
    expect(rowOf('SO202601050002').className).not.toContain(URGENT_ROW_CLASS)
    expect(within(rowOf('SO202601050002')).getByText('Submitted')).toBeTruthy()
    expect(within(rowOf('SO202601050001')).getByText('Draft')).toBeTruthy()
    expect(within(rowOf('SO202601050001')).getByText('2026-01-05')).toBeTruthy()
    expect(within(rowOf('SO202601050001')).getByText('1,000.00')).toBeTruthy()
    const link = within(rowOf('SO202601050001')).getByTestId('order-number')
    expect(link.getAttribute('href')).toBe('/sales/orders/o-1')
    fireEvent.click(link)
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/sales/orders/o-1'))
  })

  it('searches by keyword and by status', async () => {
    const calls = serveOrders(world())
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    const user = userEvent.setup()
    await user.type(screen.getByTestId('order-search-filter'), '  wang {Enter}')
    await waitFor(() => expect(numbers()).toEqual(['SO202601050001']))
    expect(listParams(calls)).toEqual({ Filter: 'wang', Scope: 'all' })

    fireEvent.click(screen.getByTestId('order-search-reset'))
    await waitFor(() => expect(numbers()).toHaveLength(5))
    fireEvent.mouseDown(within(screen.getByTestId('order-search')).getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByTitle('Shipped'))
    fireEvent.click(screen.getByTestId('order-search-submit'))
    await waitFor(() => expect(numbers()).toEqual(['SO202601050003']))
    expect(listParams(calls)).toEqual({ Status: '50', Scope: 'all' })
  })

  it('filters columns by a number range, a date range and yes/no, together', async () => {
    const calls = serveOrders(world())
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    const user = userEvent.setup()
    fireEvent.click(filterIcon('totalPrice'))
    await screen.findByTestId('orders-filter-totalPrice-panel')
    await user.type(screen.getByTestId('orders-filter-totalPrice-min'), '100')
    await user.type(screen.getByTestId('orders-filter-totalPrice-max'), '2000.5')
    await user.click(screen.getByTestId('orders-filter-totalPrice-apply'))
    await waitFor(() => expect(listParams(calls)).toEqual({ Scope: 'all', totalPriceMin: '100', totalPriceMax: '2000.5' }))

    fireEvent.click(filterIcon('orderdate'))
    const panel = await screen.findByTestId('orders-filter-orderdate-panel')
    const [from, to] = within(panel).getAllByRole('textbox') as HTMLInputElement[]
    await user.click(from)
    await user.type(from, '2026-01-01{Enter}')
    await user.click(to)
    await user.type(to, '2026-01-31{Enter}')
    await user.click(screen.getByTestId('orders-filter-orderdate-apply'))
    await waitFor(() => expect(listParams(calls)).toMatchObject({ orderdateFrom: '2026-01-01', orderdateTo: '2026-01-31', totalPriceMin: '100' }))

    fireEvent.click(filterIcon('isUrgent'))
    const urgent = await screen.findByTestId('orders-filter-isUrgent-panel')
    fireEvent.mouseDown(within(urgent).getByRole('combobox'))
    fireEvent.click(await within(urgent).findByTitle('Yes'))
    fireEvent.click(screen.getByTestId('orders-filter-isUrgent-apply'))
    await waitFor(() => expect(listParams(calls)).toMatchObject({ isUrgent: 'true', orderdateFrom: '2026-01-01' }))
    await waitFor(() => expect(numbers()).toEqual(['SO202601050001']))
  })

  it('shows an order\'s product lines under its row, read from the lines call (50 at most)', async () => {
    const w = world()
    const calls = serveOrders(w)
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    fireEvent.click(within(rowOf('SO202601050001')).getByRole('button', { name: /expand/i }))
    const lines = await screen.findByTestId('order-lines')
    await within(lines).findByText('Wall cabinet')
    expect(within(lines).getByText('Base cabinet 1')).toBeTruthy()
    expect(within(lines).getByText('480.50')).toBeTruthy()
    const call = calls.find((c) => c.path === '/api/sales-order/sales-order-products')!
    expect(call.query.get('salesOrderId')).toBe('o-1')
    expect(call.query.get('MaxResultCount')).toBe('50')
    expect(call.query.get('SkipCount')).toBe('0')
  })

  it('creates an order: the customer is required, then the order opens', async () => {
    const w = world()
    let posted: SalesOrderInput | undefined
    const calls = serveOrders(w, {
      'POST /api/app/salesorder': (c) => {
        posted = c.body as SalesOrderInput
        const o = order(99, { customerName: posted.customerName, id: 'o-new' })
        w.orders.unshift(o)
        return o
      },
    })
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    fireEvent.click(screen.getByTestId('order-add'))
    await waitFor(() => expect(dialog()).toBeTruthy())
    // The first enabled order type is chosen for a new order.
    await waitFor(() => expect(within(dialog()).getByText('Standard order')).toBeTruthy())
    fireEvent.click(screen.getByTestId('order-dialog-save'))
    await screen.findByText('Please enter Customer')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    const user = userEvent.setup()
    await user.type(screen.getByTestId('order-form-customerName'), ' Li Na ')
    await user.type(screen.getByTestId('order-form-payTotal'), '300')
    fireEvent.click(screen.getByTestId('order-form-isUrgent'))
    fireEvent.click(screen.getByTestId('order-form-isH5'))
    fireEvent.click(screen.getByTestId('order-dialog-save'))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/sales/orders/o-new'))
    expect(posted).toMatchObject({ orderTypeId: 'ot-std', customerName: 'Li Na', payTotal: 300, isUrgent: true, isH5: true, IsShip: false, discountTotal: 0 })
    // Today's order date by default, at its midnight; no other date, no product type.
    expect(posted?.orderdate).toBe(dayjs().startOf('day').format())
    expect(posted).not.toHaveProperty('paydate')
    expect(posted).not.toHaveProperty('productTypeId')
    expect(posted).not.toHaveProperty('totalPrice')
    expect(posted).not.toHaveProperty('concurrencyStamp')
    await screen.findByText('Created')
  })

  it('edits an order with its stamp, shows derived amounts read-only and the server\'s messages on their fields', async () => {
    const w = world()
    const bodies: SalesOrderInput[] = []
    serveOrders(w, {
      'PUT /api/app/salesorder/o-2': (c) => {
        const b = c.body as SalesOrderInput
        bodies.push(b)
        if (b.customerPhone === 'abc') return invalid('The request is not valid', [{ message: 'The phone number is not valid', members: ['customerPhone'] }])
        Object.assign(w.orders[1], b, { concurrencyStamp: 'stamp-2b' })
        return w.orders[1]
      },
    })
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    // A shipped order cannot be edited; a submitted one can.
    expect((within(actions('SO202601050003')).getByTestId('order-edit') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(actions('SO202601050002')).getByTestId('order-edit'))
    await waitFor(() => expect((screen.getByTestId('order-form-customerName') as HTMLInputElement).value).toBe('Customer 2'))
    expect((screen.getByTestId('order-form-totalSumPrice') as HTMLInputElement).value).toBe('970.00')
    expect((screen.getByTestId('order-form-totalSumPrice') as HTMLInputElement).readOnly).toBe(true)

    const user = userEvent.setup()
    const phone = screen.getByTestId('order-form-customerPhone')
    await user.clear(phone)
    await user.type(phone, 'abc')
    fireEvent.click(screen.getByTestId('order-dialog-save'))
    await screen.findByText('The phone number is not valid')
    await user.clear(phone)
    await user.type(phone, '13900000000')
    fireEvent.click(screen.getByTestId('order-dialog-save'))
    await screen.findByText('Updated')
    expect(bodies.at(-1)).toMatchObject({ concurrencyStamp: 'stamp-o-2', customerPhone: '13900000000', orderdate: dayjs('2026-01-05').format(), deliveryDate: dayjs('2026-02-01').format(), discountTotal: 50 })
    expect(bodies.at(-1)).not.toHaveProperty('totalSumPrice')
  })

  it('says so when someone else changed the order meanwhile (409), and keeps the dialog open', async () => {
    serveOrders(world(0), {
      'PUT /api/app/salesorder/o-1': () =>
        new Response(JSON.stringify({ error: { code: 'Concurrency', message: 'The data has been changed by another user' } }), { status: 409, headers: { 'content-type': 'application/json' } }),
    })
    render()
    await waitFor(() => expect(numbers()).toHaveLength(3))
    fireEvent.click(within(actions('SO202601050001')).getByTestId('order-edit'))
    await waitFor(() => expect((screen.getByTestId('order-form-customerName') as HTMLInputElement).value).toBe('Wang Lei'))
    fireEvent.click(screen.getByTestId('order-dialog-save'))
    await screen.findByText('Someone else changed the order: close this dialog and open it again to edit')
    expect(screen.getByTestId('order-dialog')).toBeTruthy()
  })

  it('deletes a draft after a confirmation titled Tips; other orders cannot be deleted', async () => {
    const w = world()
    const calls = serveOrders(w, {
      'DELETE /api/app/salesorder/o-1': () => {
        w.orders.splice(0, 1)
        return undefined
      },
    })
    render()
    await waitFor(() => expect(numbers()).toHaveLength(5))
    expect((within(actions('SO202601050002')).getByTestId('order-delete') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(actions('SO202601050001')).getByTestId('order-delete'))
    const confirm = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement)
    expect(confirm.textContent).toContain('Tips')
    expect(confirm.textContent).toContain('SO202601050001')
    fireEvent.click(screen.getByTestId('confirm-delete'))
    await screen.findByText('Deleted')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/app/salesorder/o-1')).toBe(true)
    await waitFor(() => expect(numbers()).not.toContain('SO202601050001'))
  })

  it('the pending and history lists ask for their scope and offer no create; history offers its statuses only', async () => {
    const calls = serveOrders(world())
    render('history', ALL, '/sales/order-tracking/history')
    await waitFor(() => expect(numbers().length).toBeGreaterThan(0))
    expect(lastList(calls).query.get('Scope')).toBe('history')
    expect(screen.queryByTestId('order-add')).toBeNull()
    fireEvent.mouseDown(within(screen.getByTestId('order-search')).getAllByRole('combobox')[0])
    await screen.findByTitle('Shipped')
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))
    expect(options).toEqual(['Shipped', 'Closed', 'Cancelled'])
  })

  it('shows create, edit and delete only with their permissions', async () => {
    serveOrders(world())
    render('own', ['SalesOrder.Orders'], '/sales/order-tracking/own')
    await waitFor(() => expect(numbers()).toHaveLength(5))
    expect(screen.queryByTestId('order-add')).toBeNull()
    expect(screen.queryByTestId('order-edit')).toBeNull()
    expect(screen.queryByTestId('order-delete')).toBeNull()
    expect(within(actions('SO202601050001')).getByTestId('order-open')).toBeTruthy()
    // Without the lines' permission the rows do not expand.
    expect(within(table()).queryAllByRole('button', { name: /expand/i })).toHaveLength(0)
  })
})
