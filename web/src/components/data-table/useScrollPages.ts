import { useCallback, useEffect, useRef, type UIEvent } from 'react'
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query'
import { nearBottom, nextSkip, PAGE_SIZE, rowsOf, type Page, type PageRequest } from './paging'

export interface ScrollPagesSpec<T, K extends QueryKey> {
  /** The list's key without paging (filter and sorting belong in it). */
  queryKey: K
  /** Reads one page from the server. */
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Page<T>>
  pageSize?: number
}

/**
 * Query options of a list read page by page from the server as the user scrolls: the first
 * page, then the next each time the scroll box nears its bottom. Features build these in their
 * api.ts (STYLE.md: query options there) and give them to useScrollPages.
 */
export function scrollPagesOptions<T, K extends QueryKey>({ queryKey, fetchPage, pageSize = PAGE_SIZE }: ScrollPagesSpec<T, K>) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, K, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ skipCount: pageParam, maxResultCount: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextSkip(pages),
  })
}

/** The state of a list a DataTable shows. */
export interface TableList<T> {
  rows: T[]
  /** Rows matching on the server (all pages). */
  total: number
  isPending: boolean
  isFetching: boolean
  isError: boolean
  refetch: () => unknown
  /** Scroll mode: more rows are on the server. */
  hasMore?: boolean
  /** Scroll mode: give to the table's scroll box. */
  onScroll?: (e: UIEvent<HTMLElement>) => void
  /** Scroll mode: put around the table (to fill a box the first page does not fill). */
  containerRef?: React.RefObject<HTMLDivElement | null>
}

function metrics(el: HTMLElement) {
  return { scrollTop: el.scrollTop, clientHeight: el.clientHeight, scrollHeight: el.scrollHeight }
}

/**
 * A list read from the server page by page as the user scrolls (spec 001 §2: 20 rows, then 20
 * more each time the scroll box comes within 20 px of its bottom). When the rows shown do not
 * fill the box (nothing to scroll), the next page is read until they do or the list ends.
 */
export function useScrollPages<T extends { id: string }, K extends QueryKey>(
  options: ReturnType<typeof scrollPagesOptions<T, K>>,
  { enabled = true }: { enabled?: boolean } = {},
): TableList<T> {
  const q = useInfiniteQuery({ ...options, enabled })
  const containerRef = useRef<HTMLDivElement>(null)
  const rows = rowsOf(q.data?.pages)
  const total = Math.max(q.data?.pages.at(-1)?.totalCount ?? 0, rows.length)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q

  const grow = useCallback(
    (el: HTMLElement) => {
      if (hasNextPage && !isFetchingNextPage && nearBottom(metrics(el))) void fetchNextPage()
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  )

  useEffect(() => {
    const root = containerRef.current
    if (!root || !hasNextPage || isFetchingNextPage) return
    const box = root.querySelector<HTMLElement>('.ant-table-body') ?? root
    if (box.clientHeight > 0) grow(box)
  }, [grow, hasNextPage, isFetchingNextPage, rows.length])

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => grow(e.currentTarget), [grow])
  return {
    rows,
    total,
    isPending: q.isPending,
    isFetching: q.isFetching,
    isError: q.isError,
    refetch: q.refetch,
    hasMore: !!hasNextPage,
    onScroll,
    containerRef,
  }
}
