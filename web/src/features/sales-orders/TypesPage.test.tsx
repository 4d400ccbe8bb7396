// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp, type ApiCall } from '../../test/render'
import { TypesPage } from './TypesPage'
import { ORDER_TYPES, invalid, kindType, serveOrders } from './testServer'
import type { OrderKindType, OrderKindTypeInput } from './types'

const ALL = ['SalesOrder.OrderTypes', 'SalesOrder.OrderTypes.Create', 'SalesOrder.OrderTypes.Edit', 'SalesOrder.OrderTypes.Delete']
const PATH = '/sales/order-types'

const codes = () => within(screen.getByTestId('types-table')).queryAllByTestId('type-code').map((e) => e.textContent)
const actions = (code: string) => screen.getAllByTestId('type-actions').find((e) => e.getAttribute('data-code') === code)!
const lastList = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/app/sales-order-types').at(-1)!

function world() {
  const rows: OrderKindType[] = ORDER_TYPES.map((x) => ({ ...x }))
  const bodies: OrderKindTypeInput[] = []
  const calls = serveOrders(
    { orders: [], orderTypes: rows },
    {
      'GET /api/app/sales-order-types': (c) => {
        const f = (c.query.get('Filter') ?? '').toLowerCase()
        const shown = rows.filter((r) => !f || r.code.toLowerCase().includes(f) || r.name.toLowerCase().includes(f))
        return { items: shown, totalCount: shown.length }
      },
      'POST /api/app/sales-order-types': (c) => {
        const b = c.body as OrderKindTypeInput
        bodies.push(b)
        if (rows.some((r) => r.code.toLowerCase() === b.code.toLowerCase())) return invalid('The request is not valid', [{ message: `The code "${b.code}" is already taken`, members: ['code'] }])
        const row = kindType(`ot-${b.code}`, b.code, b.name, b.sort ?? 0, { remark: b.remark ?? '', isEnable: b.isEnable ?? true })
        rows.push(row)
        return row
      },
      'PUT /api/app/sales-order-types/ot-sample': (c) => {
        const b = c.body as OrderKindTypeInput
        bodies.push(b)
        Object.assign(rows[1], b, { concurrencyStamp: 's-2' })
        return rows[1]
      },
      'DELETE /api/app/sales-order-types/ot-std': () =>
        new Response(JSON.stringify({ error: { code: 'Validation', message: 'The order type "Standard order" is used by 3 orders and cannot be deleted' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      'DELETE /api/app/sales-order-types/ot-sample': () => {
        rows.splice(1, 1)
        return undefined
      },
    },
  )
  return { rows, bodies, calls }
}

describe('TypesPage', () => {
  it('lists the order types with their fields, searches and sorts on the server', async () => {
    const { calls } = world()
    renderWithApp(<TypesPage kind="orderTypes" />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toEqual(['STD', 'SAMPLE']))
    const row = actions('SAMPLE').closest('tr') as HTMLElement
    expect(row.textContent).toContain('Sample order')
    expect(row.textContent).toContain('Showroom samples')
    expect(row.textContent).toContain('Enabled')
    const user = userEvent.setup()
    await user.type(screen.getByTestId('type-search-filter'), ' sample {Enter}')
    await waitFor(() => expect(codes()).toEqual(['SAMPLE']))
    expect(lastList(calls).query.get('Filter')).toBe('sample')
    const codeHeader = [...screen.getByTestId('types-table').querySelectorAll('th.ant-table-column-has-sorters')].find((th) => th.textContent === 'Code') as HTMLElement
    fireEvent.click(codeHeader)
    await waitFor(() => expect(lastList(calls).query.get('Sorting')).toBe('code'))
  })

  it('creates a type (code and name required, a taken code shown on its field) and edits one with its stamp', async () => {
    const { bodies } = world()
    renderWithApp(<TypesPage kind="orderTypes" />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(2))
    fireEvent.click(screen.getByTestId('type-add'))
    await screen.findByTestId('type-dialog')
    fireEvent.click(screen.getByTestId('type-dialog-save'))
    await screen.findByText('Please enter Code')
    await screen.findByText('Please enter Name')
    const user = userEvent.setup()
    await user.type(screen.getByTestId('type-form-code'), 'std')
    await user.type(screen.getByTestId('type-form-name'), 'Project order')
    fireEvent.click(screen.getByTestId('type-dialog-save'))
    await screen.findByText('The code "std" is already taken')
    await user.clear(screen.getByTestId('type-form-code'))
    await user.type(screen.getByTestId('type-form-code'), 'PROJECT')
    await user.clear(screen.getByTestId('type-form-sort'))
    await user.type(screen.getByTestId('type-form-sort'), '3')
    fireEvent.click(screen.getByTestId('type-dialog-save'))
    await screen.findByText('Created')
    await waitFor(() => expect(codes()).toEqual(['STD', 'SAMPLE', 'PROJECT']))
    expect(bodies.at(-1)).toEqual({ code: 'PROJECT', name: 'Project order', sort: 3, isEnable: true, remark: '' })

    fireEvent.click(within(actions('SAMPLE')).getByTestId('type-edit'))
    await waitFor(() => expect((screen.getByTestId('type-form-name') as HTMLInputElement).value).toBe('Sample order'))
    fireEvent.click(screen.getByTestId('type-form-isEnable'))
    fireEvent.click(screen.getByTestId('type-dialog-save'))
    await screen.findByText('Updated')
    expect(bodies.at(-1)).toMatchObject({ code: 'SAMPLE', isEnable: false, concurrencyStamp: 'stamp-ot-sample' })
    await waitFor(() => expect((actions('SAMPLE').closest('tr') as HTMLElement).textContent).toContain('Disabled'))
  })

  it('deletes after a confirmation; a type in use is refused with the server\'s message', async () => {
    world()
    renderWithApp(<TypesPage kind="orderTypes" />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(2))
    fireEvent.click(within(actions('STD')).getByTestId('type-delete'))
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Tips'))
    fireEvent.click(screen.getByTestId('confirm-delete'))
    await screen.findByText('The order type "Standard order" is used by 3 orders and cannot be deleted')
    expect(codes()).toContain('STD')

    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull())
    fireEvent.click(within(actions('SAMPLE')).getByTestId('type-delete'))
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Delete the order type "Sample order" (SAMPLE)?'))
    fireEvent.click(screen.getByTestId('confirm-delete'))
    await screen.findByText('Deleted')
    await waitFor(() => expect(codes()).toEqual(['STD']))
  })

  it('the product types page reads its own list; without permissions no buttons', async () => {
    const calls = serveOrders({ orders: [] })
    renderWithApp(<TypesPage kind="productTypes" />, { granted: ['SalesOrder.ProductTypes'], path: '/sales/product-types' })
    await waitFor(() => expect(codes()).toEqual(['KITCHEN', 'WARDROBE']))
    expect(calls.some((c) => c.path === '/api/app/product-types')).toBe(true)
    expect(screen.queryByTestId('type-add')).toBeNull()
    expect(screen.queryByTestId('type-actions')).toBeNull()
  })
})
