// Test support of the configured table: a list page over a mocked server list.
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
