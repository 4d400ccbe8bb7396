// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useNavigate } from 'react-router'
import { renderWithApp } from '../../test/render'
import { OrderPage } from './OrderPage'
import { ORDER_ID, calls, line, order, productColumns, serveOrder, tables } from './testServer'
import type { BatchUpdateBody } from './lines'

const DETAILS = 'SalesOrder.Details'
const EDIT = 'SalesOrder.Details.Edit'
const FILES = 'SalesOrder.Orders.Files'
const BATCH = 'PUT /api/sales-order/sales-order-details/batch-update'

function Harness() {
  const navigate = useNavigate()
  return (
    <>
      <button type="button" onClick={() => navigate('/elsewhere')}>
        leave
      </button>
      <Routes>
        <Route path="/sales/orders/:id" element={<OrderPage />} />
        <Route path="/elsewhere" element={<div data-testid="elsewhere" />} />
      </Routes>
    </>
  )
}

const open = (granted: string[] = [DETAILS, EDIT, FILES]) => renderWithApp(<Harness />, { path: `/sales/orders/${ORDER_ID}`, granted })

const productRow = (name: string) => screen.getAllByTestId('line-row').find((r) => r.getAttribute('data-name') === name) as HTMLElement

async function menuOf(table: string): Promise<string[]> {
  await userEvent.click(await screen.findByTestId(`actions-${table}`))
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeTruthy())
  const menu = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')].at(-1) as HTMLElement
  const items = [...menu.querySelectorAll('[data-testid^="action-"]')].map((e) => e.getAttribute('data-testid')!.slice('action-'.length))
  await userEvent.keyboard('{Escape}')
  return items
}

async function editCount(name: string, value: string) {
  const row = productRow(name)
  await userEvent.click(within(row).getByTestId('line-edit'))
  const input = within(productRow(name)).getByTestId('cell-count').querySelector('input') ?? within(productRow(name)).getByTestId('cell-count')
  fireEvent.change(input, { target: { value } })
}

describe('OrderPage', () => {
  it('shows the header, the status moves the server allows, and one tab per table with the required marker', async () => {
    serveOrder()
    open()
    expect(await screen.findByTestId('order-number')).toHaveProperty('textContent', 'SO202501150001')
    const header = screen.getByTestId('order-header')
    expect(within(header).getByText('Draft')).toBeTruthy()
    expect(within(header).getByText('Li Lei')).toBeTruthy()
    expect(within(header).getByTestId('order-urgent')).toBeTruthy()
    expect(screen.getByTestId('amount-totalSumPrice').textContent).toBe('25.00')
    expect([...screen.getByTestId('status-actions').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Submit', 'Cancel order'])
    const product = await screen.findByTestId('tab-product')
    expect(product.getAttribute('data-required')).toBe('true')
    expect(within(product).getByTestId('required-mark').textContent).toBe('*')
    expect(screen.getByTestId('tab-matter').getAttribute('data-required')).toBe('false')
    expect(screen.getByTestId('tab-examine')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
  })

  it('shows the order without its tables to a user who may not read lines', async () => {
    const all = serveOrder()
    open([])
    await screen.findByTestId('order-number')
    await screen.findByTestId('files-order')
    expect(screen.queryByTestId('detail-tabs')).toBeNull()
    expect(calls(all, 'GET', '/api/sales-order/detail-tables')).toHaveLength(0)
  })

  it('pages the lines 50 at a time by salesOrderId', async () => {
    const all = serveOrder()
    open()
    await waitFor(() => expect(calls(all, 'GET', '/api/sales-order/sales-order-products')).not.toHaveLength(0))
    const q = calls(all, 'GET', '/api/sales-order/sales-order-products')[0].query
    expect([q.get('salesOrderId'), q.get('MaxResultCount'), q.get('SkipCount')]).toEqual([ORDER_ID, '50', '0'])
  })

  it('offers only the granted actions, and only export once the order is past submitted', async () => {
    serveOrder()
    const first = open()
    expect(await menuOf('product')).toEqual(['create', 'importExcel', 'clear', 'select', 'export'])
    await userEvent.click(screen.getByTestId('tab-matter'))
    expect(await menuOf('matter')).toEqual(['export'])
    first.unmount()

    serveOrder({ order: order({ status: 30, allowedActions: ['release'] }) })
    open()
    expect(await menuOf('product')).toEqual(['export'])
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    expect(screen.queryByTestId('line-edit')).toBeNull()
  })

  it('has no actions column without columns, and no row editing without the edit permission', async () => {
    serveOrder({ tables: tables({ product: { columns: [] } }) })
    const first = open()
    await screen.findByTestId('tab-product')
    await waitFor(() => expect(screen.getByText('This table has no columns configured')).toBeTruthy())
    expect(screen.queryByTestId('actions-product')).toBeNull()
    first.unmount()

    serveOrder()
    open([DETAILS])
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    expect(screen.getByTestId('actions-product')).toBeTruthy()
    expect(screen.queryByTestId('line-edit')).toBeNull()
  })

  it('recalculates a computed column while the count is edited, and saves every change in one batch update', async () => {
    const saved = order({ totalPrice: 40, totalSumPrice: 45, differencePrice: 45, concurrencyStamp: 'stamp-2' })
    const all = serveOrder({ extra: { [BATCH]: () => saved } })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    expect(screen.getByTestId('save-lines')).toHaveProperty('disabled', true)
    await editCount('Cabinet', '3')
    await waitFor(() => expect(within(productRow('Cabinet')).getByTestId('cell-amount').textContent).toBe('30'))
    // an emptied number counts as 1
    await editCount('Door', '')
    await waitFor(() => expect(within(productRow('Door')).getByTestId('cell-amount').textContent).toBe('5'))
    expect(screen.getByTestId('unsaved')).toBeTruthy()

    await userEvent.click(screen.getByTestId('save-lines'))
    await waitFor(() => expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1))
    const body = calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')[0].body as BatchUpdateBody
    expect(body.salesOrderId).toBe(ORDER_ID)
    expect(body.concurrencyStamp).toBe('stamp-1')
    expect(body.tables!.product!.map((l) => [l.id, l.count, l.concurrencyStamp])).toEqual([
      ['l-1', 3, 'ls-1'],
      ['l-2', 1, 'ls-2'],
    ])
    expect(body.removedFileIds).toEqual([])
    // the server's figures replace the page's
    await waitFor(() => expect(screen.getByTestId('amount-totalSumPrice').textContent).toBe('45.00'))
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull())
    expect(screen.getByTestId('save-lines')).toHaveProperty('disabled', true)
  })

  it('sends the batch update when the user leaves the order, and nothing when nothing changed', async () => {
    let all = serveOrder({ extra: { [BATCH]: () => order() } })
    const first = open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await userEvent.click(screen.getByText('leave'))
    await screen.findByTestId('elsewhere')
    expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(0)
    first.unmount()

    all = serveOrder({ extra: { [BATCH]: () => order() } })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await userEvent.click(within(productRow('Door')).getByTestId('line-delete'))
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(1))
    await userEvent.click(screen.getByText('leave'))
    await waitFor(() => expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1))
    expect((calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')[0].body as BatchUpdateBody).deleted).toEqual({ product: ['l-2'] })
  })

  it('asks to reload when the order changed meanwhile (stale stamp), and keeps the changes until then', async () => {
    const all = serveOrder({
      extra: { [BATCH]: () => new Response(JSON.stringify({ error: { message: 'The order was changed by someone else' } }), { status: 409 }) },
    })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await editCount('Cabinet', '4')
    await userEvent.click(screen.getByTestId('save-lines'))
    expect(await screen.findByText(/Someone else changed this order meanwhile/)).toBeTruthy()
    expect(screen.getByTestId('unsaved')).toBeTruthy()
    const gets = calls(all, 'GET', `/api/app/salesorder/${ORDER_ID}`).length
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull())
    await waitFor(() => expect(calls(all, 'GET', `/api/app/salesorder/${ORDER_ID}`).length).toBeGreaterThan(gets))
  })

  it('adds a typed line with "New line", in edit mode on top, and saves it without an id', async () => {
    const all = serveOrder({ extra: { [BATCH]: () => order() } })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await userEvent.click(screen.getByTestId('actions-product'))
    await userEvent.click(await screen.findByTestId('action-create'))
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(3))
    const fresh = screen.getAllByTestId('line-row')[0]
    expect(within(fresh).getByTestId('cell-amount').textContent).toBe('1')
    fireEvent.change(within(fresh).getByTestId('cell-name'), { target: { value: 'Installation' } })
    await userEvent.click(screen.getByTestId('save-lines'))
    await waitFor(() => expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1))
    const line = (calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')[0].body as BatchUpdateBody).tables!.product![0]
    expect(line).toMatchObject({ name: 'Installation', price: 1, count: 1 })
    expect(line).not.toHaveProperty('id')
  })

  it('saves pending changes before a status move, asks before cancelling, and sends the order stamp', async () => {
    const all = serveOrder({
      extra: {
        [BATCH]: () => order({ concurrencyStamp: 'stamp-2' }),
        [`POST /api/app/salesorder/${ORDER_ID}/status`]: (c) =>
          order({ status: (c.body as { action: string }).action === 'submit' ? 10 : 90, allowedActions: ['withdraw'], concurrencyStamp: 'stamp-3' }),
      },
    })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await userEvent.click(screen.getByTestId('status-cancel'))
    expect(await screen.findByText(/Cancel this order\?/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(calls(all, 'POST', `/api/app/salesorder/${ORDER_ID}/status`)).toHaveLength(0)

    await editCount('Cabinet', '2')
    await userEvent.click(screen.getByTestId('status-submit'))
    await waitFor(() => expect(calls(all, 'POST', `/api/app/salesorder/${ORDER_ID}/status`)).toHaveLength(1))
    expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1)
    expect(calls(all, 'POST', `/api/app/salesorder/${ORDER_ID}/status`)[0].body).toEqual({ action: 'submit', concurrencyStamp: 'stamp-2' })
    await waitFor(() => expect(within(screen.getByTestId('order-header')).getByText('Submitted')).toBeTruthy())
    // the moves allowed now come from the order read again
    await waitFor(() => expect([...screen.getByTestId('status-actions').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Withdraw']))
  })

  it('sends a send-back with its comment', async () => {
    const all = serveOrder({
      order: order({ status: 20, allowedActions: ['confirm', 'sendBack'] }),
      extra: { [`POST /api/app/salesorder/${ORDER_ID}/status`]: () => order({ status: 10 }) },
    })
    open()
    await userEvent.click(await screen.findByTestId('status-sendBack'))
    const comment = await screen.findByTestId('status-comment')
    fireEvent.change(comment, { target: { value: 'Wrong colour' } })
    await userEvent.click(within(comment.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls(all, 'POST', `/api/app/salesorder/${ORDER_ID}/status`)).toHaveLength(1))
    expect(calls(all, 'POST', `/api/app/salesorder/${ORDER_ID}/status`)[0].body).toEqual({ action: 'sendBack', comment: 'Wrong colour', concurrencyStamp: 'stamp-1' })
  })

  it('clears a table after a warning confirmation', async () => {
    const all = serveOrder({ extra: { 'POST /api/sales-order/sales-order-details/clear': () => ({}) } })
    open()
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(2))
    await userEvent.click(screen.getByTestId('actions-product'))
    await userEvent.click(await screen.findByTestId('action-clear'))
    const dialog = (await screen.findByText(/Delete every line of "Products"/)).closest('.ant-modal') as HTMLElement
    expect(dialog.querySelector('.anticon-exclamation-circle')).toBeTruthy()
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls(all, 'POST', '/api/sales-order/sales-order-details/clear')).toHaveLength(1))
    expect(calls(all, 'POST', '/api/sales-order/sales-order-details/clear')[0].body).toEqual({ salesOrderId: ORDER_ID, table: 'product' })
  })

  describe('files on a line', () => {
    const UPLOAD = `POST /api/app/salesorder/multifile/${ORDER_ID}`
    const withFiles = tables({ product: { columns: [...productColumns, { key: 'attachments', displayName: 'Attachments', widget: 'file' }] } })
    const lines = [line('l-1', { name: 'Cabinet', price: 10, amount: 10, concurrencyStamp: 'ls-1', values: { attachments: [{ id: 'f-saved', fileName: 'plan.pdf' }] } })]
    const choose = (row: HTMLElement, names: string[]) => {
      const input = row.querySelector('input[type="file"]') as HTMLInputElement
      fireEvent.change(input, { target: { files: names.map((n) => new File(['x'], n)) } })
    }
    const onLine = () => within(productRow('Cabinet')).queryAllByTestId('line-file').map((f) => f.getAttribute('data-name'))
    let n = 0
    const uploads = () => (c: { body: unknown }) =>
      (c.body as FormData).getAll('files').map((f) => ({ id: `up-${++n}`, fileName: (f as File).name, fileType: '', isSuccess: true, errorMessage: '' }))

    async function editAndUpload(all: ReturnType<typeof serveOrder>) {
      await waitFor(() => expect(onLine()).toEqual(['plan.pdf']))
      await userEvent.click(within(productRow('Cabinet')).getByTestId('line-edit'))
      choose(productRow('Cabinet'), ['door.dwg', 'handle.png'])
      await waitFor(() => expect(onLine()).toEqual(['plan.pdf', 'door.dwg', 'handle.png']))
      const form = calls(all, 'POST', `/api/app/salesorder/multifile/${ORDER_ID}`)[0].body as FormData
      expect(form.get('category')).toBe('line')
    }

    it('sends a file uploaded and then removed during the edit as removed when the line is saved', async () => {
      n = 0
      const all = serveOrder({ tables: withFiles, lines, extra: { [UPLOAD]: uploads(), [BATCH]: () => order() } })
      open()
      await editAndUpload(all)
      const door = within(productRow('Cabinet')).getAllByTestId('line-file').find((f) => f.getAttribute('data-name') === 'door.dwg')!
      await userEvent.click(within(door).getByTestId('line-file-remove'))
      await waitFor(() => expect(onLine()).toEqual(['plan.pdf', 'handle.png']))
      expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(0)

      await userEvent.click(screen.getByTestId('save-lines'))
      await waitFor(() => expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1))
      const body = calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')[0].body as BatchUpdateBody
      expect(body.removedFileIds).toEqual(['up-1'])
      expect(body.tables!.product![0].values).toEqual({
        attachments: [
          { id: 'f-saved', fileName: 'plan.pdf' },
          { id: 'up-2', fileName: 'handle.png' },
        ],
      })
    })

    it('sends every file uploaded during a cancelled edit, in a batch update of only those files', async () => {
      n = 0
      const all = serveOrder({ tables: withFiles, lines, extra: { [UPLOAD]: uploads(), [BATCH]: () => order() } })
      open()
      await editAndUpload(all)
      await userEvent.click(within(productRow('Cabinet')).getByTestId('line-cancel'))
      await waitFor(() => expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')).toHaveLength(1))
      expect(calls(all, 'PUT', '/api/sales-order/sales-order-details/batch-update')[0].body).toEqual({ salesOrderId: ORDER_ID, removedFileIds: ['up-1', 'up-2'] })
      expect(onLine()).toEqual(['plan.pdf'])
      expect(within(productRow('Cabinet')).queryByTestId('line-file-upload')).toBeNull()
      expect(screen.queryByTestId('unsaved')).toBeNull()
    })

    it('offers no upload without the files permission, and shows the files', async () => {
      serveOrder({ tables: withFiles, lines })
      open([DETAILS, EDIT])
      await waitFor(() => expect(onLine()).toEqual(['plan.pdf']))
      await userEvent.click(within(productRow('Cabinet')).getByTestId('line-edit'))
      expect(within(productRow('Cabinet')).queryByTestId('line-file-upload')).toBeNull()
      expect(within(productRow('Cabinet')).getByTestId('line-file-remove')).toBeTruthy()
    })
  })
})
