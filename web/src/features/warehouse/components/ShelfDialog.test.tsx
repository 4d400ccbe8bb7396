// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp } from '../../../test/render'
import type { RowView, Shelf } from '../api'
import { ShelfDialog } from './ShelfDialog'

const shelf: Shelf = {
  id: 's1',
  tenantId: null,
  rowId: 'r1',
  code: 'C01',
  name: 'Shelf C01',
  storageType: 0,
  levels: 3,
  binsPerLevel: 4,
  concurrencyStamp: 'stamp-1',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
}
const rows: RowView[] = [
  { ...shelf, id: 'r1', factoryId: 'f1', code: 'C', name: 'Row C', sort: 1, factoryName: 'Plant 1', shelves: [] } as unknown as RowView,
]

const input = (testId: string) => {
  const el = screen.getByTestId(testId)
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
}

describe('ShelfDialog', () => {
  it('creates a shelf of 3 levels × 4 positions in the row it was opened for; Enter saves', async () => {
    let closed = false
    const calls = mockApi({ 'POST /api/app/storehouse/shelves': () => shelf })
    renderWithApp(<ShelfDialog open shelf={null} rowId="r1" rows={rows} onClose={() => (closed = true)} />)
    await userEvent.type(input('shelf-code'), 'C01')
    await userEvent.clear(input('shelf-levels'))
    await userEvent.type(input('shelf-levels'), '3')
    await userEvent.clear(input('shelf-bins-per-level'))
    await userEvent.type(input('shelf-bins-per-level'), '4')
    expect(screen.getByTestId('shelf-bins-preview').textContent).toBe('12 bins (3 levels × 4)')
    await userEvent.type(input('shelf-bins-per-level'), '{Enter}')
    await waitFor(() => expect(closed).toBe(true))
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/app/storehouse/shelves', { rowId: 'r1', code: 'C01', storageType: 0, levels: 3, binsPerLevel: 4 }],
    ])
  })

  it('refuses a level count out of range and an empty code without asking the server', async () => {
    const calls = mockApi({})
    renderWithApp(<ShelfDialog open shelf={null} rowId="r1" rows={rows} onClose={() => undefined} />)
    await userEvent.clear(input('shelf-levels'))
    await userEvent.type(input('shelf-levels'), '21{Enter}')
    await screen.findByText('A whole number from 1 to 20')
    await screen.findByText('Please enter the Code')
    expect(calls).toHaveLength(0)
  })

  it('shows the server’s refusal to remove a bin holding stock on the levels field and stays open', async () => {
    let closed = false
    const calls = mockApi({
      'PUT /api/app/storehouse/shelves/s1': () =>
        new Response(
          JSON.stringify({
            error: { message: 'The request is not valid', validationErrors: [{ message: 'Bin C01-3-2 holds 4 pieces; issue them before removing the bin', members: ['levels'] }] },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    })
    renderWithApp(<ShelfDialog open shelf={shelf} rows={rows} onClose={() => (closed = true)} />)
    await userEvent.clear(input('shelf-levels'))
    await userEvent.type(input('shelf-levels'), '2')
    await screen.findByTestId('shelf-shrink-hint')
    await userEvent.click(screen.getByTestId('shelf-save'))
    await screen.findByText('Bin C01-3-2 holds 4 pieces; issue them before removing the bin')
    expect(closed).toBe(false)
    expect(calls[0].body).toEqual({ rowId: 'r1', code: 'C01', name: 'Shelf C01', storageType: 0, levels: 2, binsPerLevel: 4, concurrencyStamp: 'stamp-1' })
  })
})
