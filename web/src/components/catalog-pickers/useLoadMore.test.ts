// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { UIEvent } from 'react'
import { useLoadMore } from './useLoadMore'

const rows = Array.from({ length: 55 }, (_, i) => i)
const scrolledTo = (scrollTop: number) =>
  ({ currentTarget: { scrollTop, clientHeight: 400, scrollHeight: 800 } }) as unknown as UIEvent<HTMLElement>

describe('useLoadMore', () => {
  it('shows 20 rows, 20 more near the bottom, and starts over when the key changes', () => {
    const { result, rerender } = renderHook(({ key }) => useLoadMore(rows, key), { initialProps: { key: 'dir-a' } })
    expect(result.current.rows).toHaveLength(20)
    expect(result.current.hasMore).toBe(true)
    act(() => result.current.onScroll(scrolledTo(100)))
    expect(result.current.rows).toHaveLength(20)
    act(() => result.current.onScroll(scrolledTo(385)))
    expect(result.current.rows).toHaveLength(40)
    act(() => result.current.onScroll(scrolledTo(400)))
    expect(result.current.rows).toHaveLength(55)
    expect(result.current.hasMore).toBe(false)
    rerender({ key: 'dir-b' })
    expect(result.current.rows).toHaveLength(20)
  })
})
