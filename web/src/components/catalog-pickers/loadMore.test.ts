import { describe, expect, it } from 'vitest'
import { LOAD_MORE_STEP, nearBottom, nextVisibleCount, visibleWindow } from './loadMore'

const rows = Array.from({ length: 55 }, (_, i) => i)

describe('load-more windowing', () => {
  it('shows 20 rows at first', () => {
    expect(LOAD_MORE_STEP).toBe(20)
    expect(visibleWindow(rows, LOAD_MORE_STEP)).toHaveLength(20)
  })

  it('adds 20 rows when scrolled within 20 px of the bottom', () => {
    expect(nextVisibleCount(20, 55, { scrollTop: 380, clientHeight: 400, scrollHeight: 800 })).toBe(40)
    expect(nextVisibleCount(20, 55, { scrollTop: 400, clientHeight: 400, scrollHeight: 800 })).toBe(40)
  })

  it('does nothing further than 20 px from the bottom', () => {
    expect(nextVisibleCount(20, 55, { scrollTop: 379, clientHeight: 400, scrollHeight: 800 })).toBe(20)
    expect(nearBottom({ scrollTop: 379, clientHeight: 400, scrollHeight: 800 })).toBe(false)
  })

  it('never shows more rows than the list holds', () => {
    expect(nextVisibleCount(40, 55, { scrollTop: 400, clientHeight: 400, scrollHeight: 800 })).toBe(55)
    expect(nextVisibleCount(55, 55, { scrollTop: 400, clientHeight: 400, scrollHeight: 800 })).toBe(55)
    expect(visibleWindow(rows.slice(0, 5), 20)).toHaveLength(5)
  })
})
