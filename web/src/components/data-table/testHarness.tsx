// Test support of the configured table (not part of the app): a list page over a mocked server list, and list layout for dnd-kit in jsdom.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { http } from '../../api/http'
import { ConfiguredTable, type ConfiguredTableProps } from './ConfiguredTable'
import { filterParams, GRID_PAGE_SIZE, type ColumnDef, type ColumnFilters } from './columns'
import { pagedList, useTablePaging } from './usePagedList'
import type { Page } from './paging'

export interface Row {
  id: string
  code: string
  name: string
  qty: number
  due: string
  urgent: boolean
}

export const ROWS: Row[] = [
  { id: '1', code: 'SO-1', name: 'Base 600', qty: 2, due: '2025-03-01', urgent: true },
  { id: '2', code: 'SO-2', name: 'Wall 900', qty: 5, due: '2025-04-01', urgent: false },
]

export const COLUMNS: ColumnDef<Row>[] = [
  { key: 'code', title: 'Order id', alwaysShown: true, sortable: true, filter: 'text' },
  { key: 'name', title: 'Name', sortable: true, filter: 'text' },
  { key: 'qty', title: 'Quantity', filter: 'number' },
  { key: 'due', title: 'Due', filter: 'dateRange' },
  { key: 'urgent', title: 'Urgent', filter: 'boolean', render: (v) => (v ? 'yes' : 'no') },
  { key: 'note', title: 'Note', hidden: true },
]

export function ListPage({ columns = COLUMNS, ...rest }: Partial<ConfiguredTableProps<Row>>) {
  const [filters, setFilters] = useState<ColumnFilters>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const q = useQuery({
    queryKey: ['rows', filters, sorting, paging.request],
    queryFn: () =>
      http.get<Page<Row>>('/api/rows', {
        params: { ...filterParams(filters, columns), Sorting: sorting, SkipCount: paging.request.skipCount, MaxResultCount: paging.request.maxResultCount },
      }),
  })
  return (
    <ConfiguredTable<Row>
      list={pagedList(q)}
      columns={columns}
      filters={filters}
      onFiltersChange={setFilters}
      onSortingChange={setSorting}
      pagination={paging.pagination}
      urgent={(r) => r.urgent}
      emptyText="No rows"
      testId="t"
      {...rest}
    />
  )
}

/**
 * jsdom lays nothing out: gives each item of a sortable list (`li[data-key]`) a 40 px slot so
 * dnd-kit's keyboard sensor can move it. Returns the undo.
 */
export function layOutSortableLists(): () => void {
  const original = Element.prototype.getBoundingClientRect
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const el = this as HTMLElement
    if (el.tagName === 'LI' && el.dataset?.key && el.parentElement) {
      const i = [...el.parentElement.children].indexOf(el)
      return { x: 0, y: i * 40, top: i * 40, left: 0, width: 300, height: 32, right: 300, bottom: i * 40 + 32, toJSON: () => ({}) } as DOMRect
    }
    return original.call(this)
  }
  return () => {
    Element.prototype.getBoundingClientRect = original
  }
}
