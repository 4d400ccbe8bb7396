import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react'
import { LOAD_MORE_STEP, nextVisibleCount, visibleWindow, type ScrollMetrics } from './loadMore'

function metrics(el: HTMLElement): ScrollMetrics {
  return { scrollTop: el.scrollTop, clientHeight: el.clientHeight, scrollHeight: el.scrollHeight }
}

/**
 * Windowing of a list held wholly on the client: 20 rows first, 20 more each time the scroll
 * box nears its bottom. The window starts over whenever `resetKey` changes (another directory,
 * another filter). Attach `containerRef` around the table: when the rows shown do not fill the
 * scroll box (nothing to scroll), more are added until they do or the list ends.
 */
export function useLoadMore<T>(rows: readonly T[], resetKey: string) {
  const [state, setState] = useState({ key: resetKey, visible: LOAD_MORE_STEP })
  const visible = state.key === resetKey ? state.visible : LOAD_MORE_STEP
  if (state.key !== resetKey) setState({ key: resetKey, visible: LOAD_MORE_STEP })
  const containerRef = useRef<HTMLDivElement>(null)

  const grow = useCallback(
    (el: HTMLElement) => {
      const next = nextVisibleCount(visible, rows.length, metrics(el))
      if (next !== visible) setState({ key: resetKey, visible: next })
    },
    [visible, rows.length, resetKey],
  )

  useEffect(() => {
    const root = containerRef.current
    if (!root || visible >= rows.length) return
    const box = root.querySelector<HTMLElement>('.ant-table-body') ?? root
    if (box.clientHeight > 0) grow(box)
  }, [grow, visible, rows.length])

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => grow(e.currentTarget), [grow])
  return { rows: visibleWindow(rows, visible), visible, onScroll, containerRef, hasMore: visible < rows.length }
}
