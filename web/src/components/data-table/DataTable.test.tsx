// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { DataTable } from './DataTable'
import type { TableList } from './useScrollPages'

interface Row {
  id: string
  name: string
}

const list = (over: Partial<TableList<Row>> = {}): TableList<Row> => ({
  rows: [
    { id: '1', name: 'Base 600' },
    { id: '2', name: 'Wall 900' },
  ],
  total: 2,
  isPending: false,
  isFetching: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
})

const columns = [{ key: 'name', title: 'Name', dataIndex: 'name', sorter: true }]
const cells = () => within(screen.getByTestId('t-table')).queryAllByRole('cell').map((c) => c.textContent)

describe('DataTable', () => {
  it('shows the rows and, in scroll mode, how many are shown of how many', () => {
    renderWithApp(<DataTable<Row> list={list({ total: 45, hasMore: true })} columns={columns} emptyText="No products" testId="t" />)
    expect(cells()).toEqual(['Base 600', 'Wall 900'])
    expect(screen.getByTestId('t-count').textContent).toBe('Showing 2 of 45; scroll down for more')
  })

  it('says so when everything is shown', () => {
    renderWithApp(<DataTable<Row> list={list()} columns={columns} emptyText="No products" testId="t" />)
    expect(screen.getByTestId('t-count').textContent).toBe('2 in all')
  })

  it('shows its empty text for an empty list', () => {
    renderWithApp(<DataTable<Row> list={list({ rows: [], total: 0 })} columns={columns} emptyText="No products" testId="t" />)
    expect(within(screen.getByTestId('t-table')).getAllByText('No products').length).toBeGreaterThan(0)
  })

  it('shows a failed load with a retry instead of an empty table', async () => {
    const l = list({ rows: [], total: 0, isError: true })
    renderWithApp(<DataTable<Row> list={l} columns={columns} emptyText="No products" testId="t" />)
    expect(screen.queryByTestId('t-table')).toBeNull()
    expect(within(screen.getByTestId('t-error')).getByText('Failed to load')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(l.refetch).toHaveBeenCalled()
  })

  it('shows a spinner while the first page loads', () => {
    renderWithApp(<DataTable<Row> list={list({ rows: [], total: 0, isPending: true })} columns={columns} emptyText="No products" testId="t" />)
    expect(screen.getByTestId('t-scroll').querySelector('.ant-spin-spinning')).not.toBeNull()
    expect(screen.queryByTestId('t-count')).toBeNull()
  })

  it('pages with the total from the server and asks for the chosen page', async () => {
    const onChange = vi.fn()
    renderWithApp(
      <DataTable<Row> list={list({ total: 45 })} columns={columns} emptyText="No products" pagination={{ current: 1, pageSize: 20, onChange }} testId="t" />,
    )
    expect(screen.getByText('45 in all')).toBeTruthy()
    expect(screen.queryByTestId('t-count')).toBeNull()
    await userEvent.click(screen.getByTitle('3'))
    expect(onChange).toHaveBeenCalledWith(3, 20)
  })

  it('asks the server to sort by a column: ascending, descending, then unsorted', async () => {
    const onSortingChange = vi.fn()
    renderWithApp(<DataTable<Row> list={list()} columns={columns} emptyText="No products" onSortingChange={onSortingChange} testId="t" />)
    const header = screen.getByRole('columnheader', { name: /Name/ })
    await userEvent.click(header)
    await userEvent.click(header)
    await userEvent.click(header)
    expect(onSortingChange.mock.calls.map((c) => c[0])).toEqual(['name', 'name desc', undefined])
  })
})
