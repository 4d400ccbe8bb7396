// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../../test/render'
import { ORDER_ID, calls, serveOrder } from '../testServer'
import { ImportDialog, importProblems, isXlsx } from './ImportDialog'
import { HttpError } from '../../../components'

const IMPORT = 'POST /api/split-order/import-split-order'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function choose(testId: string, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o as HTMLElement
  })
  await userEvent.click(option)
}

function pick(name: string, type = XLSX) {
  const input = screen.getByTestId('import-dialog').querySelector('input[type="file"]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type })] } })
}

function open(onImported = vi.fn()) {
  const onClose = vi.fn()
  renderWithApp(<ImportDialog open orderId={ORDER_ID} table="product" onClose={onClose} prepare={async () => true} onImported={onImported} />)
  return { onClose, onImported }
}

describe('ImportDialog', () => {
  it('takes only .xlsx names', () => {
    expect(isXlsx('Order.XLSX')).toBe(true)
    expect(isXlsx('order.xls')).toBe(false)
    expect(isXlsx('order.csv')).toBe(false)
  })

  it('requires a rules mapping, a split configuration and one file', async () => {
    const all = serveOrder({ extra: { [IMPORT]: () => ({ added: { product: 2 } }) } })
    open()
    await userEvent.click(screen.getByTestId('import-confirm'))
    expect(await screen.findByText('Please choose a rules mapping')).toBeTruthy()
    expect(screen.getByText('Please choose a split-order import configuration')).toBeTruthy()
    await choose('import-rule-mapping', 'Product sheet (products)')
    await choose('import-split-mapping', 'By type')
    await userEvent.click(screen.getByTestId('import-confirm'))
    expect(await screen.findByText('Please choose a .xlsx file')).toBeTruthy()
    pick('order.xls', 'application/vnd.ms-excel')
    expect(await screen.findByText('Only .xlsx spreadsheets can be imported')).toBeTruthy()
    expect(calls(all, 'POST', '/api/split-order/import-split-order')).toHaveLength(0)
  })

  it('posts the file with the order and both mappings, and reports the lines added', async () => {
    const all = serveOrder({ extra: { [IMPORT]: () => ({ added: { product: 2, matter: 3 } }) } })
    const { onClose, onImported } = open()
    await choose('import-rule-mapping', 'Product sheet (products)')
    await choose('import-split-mapping', 'By type')
    pick('order.xlsx')
    await userEvent.click(screen.getByTestId('import-confirm'))
    await waitFor(() => expect(calls(all, 'POST', '/api/split-order/import-split-order')).toHaveLength(1))
    const form = calls(all, 'POST', '/api/split-order/import-split-order')[0].body as FormData
    expect([form.get('salesOrderId'), form.get('ruleMappingId'), form.get('splitMappingId'), (form.get('file') as File).name]).toEqual([
      ORDER_ID,
      'rm-1',
      'sm-1',
      'order.xlsx',
    ])
    expect(await screen.findByText('Imported: 2 product line(s), 3 part line(s), 0 standard product line(s)')).toBeTruthy()
    await waitFor(() => expect(onImported).toHaveBeenCalled())
    expect(onClose).toHaveBeenCalled()
  })

  it('lists the row and column errors of a refused file', async () => {
    serveOrder({
      extra: {
        [IMPORT]: () =>
          new Response(
            JSON.stringify({
              error: {
                message: 'The file has errors',
                validationErrors: [
                  { message: 'Row 3, column B: width is not a number', members: ['B3'] },
                  { message: 'Row 5, column A: name is required', members: ['A5'] },
                ],
              },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      },
    })
    const { onClose } = open()
    await choose('import-rule-mapping', 'Product sheet (products)')
    await choose('import-split-mapping', 'By type')
    pick('order.xlsx')
    await userEvent.click(screen.getByTestId('import-confirm'))
    await waitFor(() => expect(screen.getAllByTestId('import-error')).toHaveLength(2))
    const [first] = screen.getAllByTestId('import-error')
    expect(first.textContent).toBe('Row 3, column B: width is not a number')
    expect([first.getAttribute('data-row'), first.getAttribute('data-column')]).toEqual(['3', 'B'])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('reads the row and column of a validation error from its members', () => {
    const e = new HttpError('x', { status: 400, data: { error: { message: 'x', validationErrors: [{ message: 'bad', members: ['C12'] }, { message: 'other', members: ['ruleMappingId'] }] } } })
    expect(importProblems(e, (k) => k)).toEqual([{ row: 12, column: 'C', message: 'bad' }, { message: 'other' }])
  })
})
