import { useState } from 'react'
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { GRID_PAGE_SIZE, filterParams, pagedList, useTablePaging, type ColumnDef, type ColumnFilters, type Page, type SearchValues } from '../../components'
import type { MappingListRequest } from './api'

/**
 * The search bar's values as query parameters: `filter` (the free-text box) becomes the list's
 * Filter, blanks are dropped, the rest go as they are (a select's `'true'` as true).
 */
export function searchParams(values: SearchValues): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(values)) {
    if (k === 'filter' || v === undefined || v === '' || Array.isArray(v)) continue
    out[k] = v === 'true' ? true : v === 'false' ? false : v
  }
  return out
}

/**
 * The state of a mapping list: the search bar's values, the column filters, the sorting and the
 * page, read from the server as one request (a new search, filter or sorting goes back to the
 * first page).
 */
export function useMappingList<T>(columns: ColumnDef<T>[], query: (q: MappingListRequest) => UseQueryOptions<Page<T>, Error, Page<T>, readonly unknown[]>) {
  const [search, setSearch] = useState<SearchValues>({})
  const [filters, setFilters] = useState<ColumnFilters>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const text = typeof search.filter === 'string' ? search.filter : undefined
  const request: MappingListRequest = { filter: text, sorting, ...paging.request, filters: { ...searchParams(search), ...filterParams(filters, columns) } }
  const q = useQuery({ ...query(request), placeholderData: keepPreviousData })
  const list = pagedList(q)
  return {
    list,
    paging,
    filters,
    searched: !!text || Object.keys(request.filters ?? {}).length > 0,
    onSearch: (v: SearchValues) => {
      setSearch(v)
      paging.reset()
    },
    onFiltersChange: (f: ColumnFilters) => {
      setFilters(f)
      paging.reset()
    },
    onSortingChange: (s: string | undefined) => {
      setSorting(s)
      paging.reset()
    },
    /** After a delete: back a page when the last row of a later page went. */
    afterDelete: () => {
      if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
    },
  }
}
