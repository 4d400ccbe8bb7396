import { useState } from 'react'
import type { TablePaginationConfig } from 'antd'
import type { UseQueryResult } from '@tanstack/react-query'
import { PAGE_SIZE, type Page, type PageRequest } from './paging'
import type { TableList } from './useScrollPages'

/**
 * Page state of a table paged on the server: the request for the current page and the page
 * controls for DataTable. Changing the page size goes back to the first page, and so should a
 * new search (`reset`).
 */
export function useTablePaging(initialSize = PAGE_SIZE) {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(initialSize)
  const request: PageRequest = { skipCount: (page - 1) * pageSize, maxResultCount: pageSize }
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    onChange: (p, s) => {
      setPage(s !== pageSize ? 1 : p)
      setPageSize(s)
    },
  }
  return { page, pageSize, request, pagination, setPage, reset: () => setPage(1) }
}

/** A query of one page as the list a DataTable shows. */
export function pagedList<T>(q: Pick<UseQueryResult<Page<T>>, 'data' | 'isPending' | 'isFetching' | 'isError' | 'refetch'>): TableList<T> {
  const rows = q.data?.items ?? []
  return {
    rows,
    total: Math.max(q.data?.totalCount ?? 0, rows.length),
    isPending: q.isPending,
    isFetching: q.isFetching,
    isError: q.isError,
    refetch: q.refetch,
  }
}
