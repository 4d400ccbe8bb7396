import { useCallback, useState, type UIEvent } from 'react'
import { LOAD_MORE_STEP, nextVisibleCount, visibleWindow } from './loadMore'

/**
 * Windowing of a list held wholly on the client: 20 rows first, 20 more each time the scroll
 * box nears its bottom. The window starts over whenever `resetKey` changes (another directory,
 * another filter).
 */
export function useLoadMore<T>(rows: readonly T[], resetKey: string) {
  const [state, setState] = useState({ key: resetKey, visible: LOAD_MORE_STEP })
  const visible = state.key === resetKey ? state.visible : LOAD_MORE_STEP
  if (state.key !== resetKey) setState({ key: resetKey, visible: LOAD_MORE_STEP })
  const onScroll = useCallback(
    (e: UIEvent<HTMLElement>) => {
      const el = e.currentTarget
      const next = nextVisibleCount(visible, rows.length, {
        scrollTop: el.scrollTop,
        clientHeight: el.clientHeight,
        scrollHeight: el.scrollHeight,
      })
      if (next !== visible) setState({ key: resetKey, visible: next })
    },
    [visible, rows.length, resetKey],
  )
  return { rows: visibleWindow(rows, visible), visible, onScroll, hasMore: visible < rows.length }
}
