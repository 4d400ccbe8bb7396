import { describe, expect, it } from 'vitest'
import { listParams, nearBottom, nextSkip, PAGE_SIZE, replaceRow, rowsOf, sortingOf, toPage } from './paging'

describe('server list paging', () => {
  it('asks for 20 rows a page (spec 001 §9)', () => {
    expect(PAGE_SIZE).toBe(20)
  })

  it('sends the ABP parameters and leaves blank ones out', () => {
    expect(listParams({ filter: ' 地柜 ', sorting: 'name desc', skipCount: 40, maxResultCount: 20 })).toEqual({
      Filter: '地柜',
      Sorting: 'name desc',
      SkipCount: 40,
      MaxResultCount: 20,
    })
    expect(listParams({ filter: '  ', sorting: '', skipCount: 0, maxResultCount: 20 })).toEqual({
      Filter: undefined,
      Sorting: undefined,
      SkipCount: 0,
      MaxResultCount: 20,
    })
  })

  it('reads the next page after the rows loaded, and stops at the total or at an empty page', () => {
    const page = (n: number, total: number) => ({ items: Array.from({ length: n }, (_, i) => ({ id: String(i) })), totalCount: total })
    expect(nextSkip([page(20, 45)])).toBe(20)
    expect(nextSkip([page(20, 45), page(20, 45)])).toBe(40)
    expect(nextSkip([page(20, 45), page(20, 45), page(5, 45)])).toBeUndefined()
    expect(nextSkip([page(20, 45), page(0, 45)])).toBeUndefined()
    expect(nextSkip([page(0, 0)])).toBeUndefined()
  })

  it('lists each row once when a row shifted from one page into the next while they loaded', () => {
    const a = { id: 'a' }
    const b = { id: 'b' }
    const c = { id: 'c' }
    expect(rowsOf([{ items: [a, b], totalCount: 3 }, { items: [b, c], totalCount: 3 }])).toEqual([a, b, c])
    expect(rowsOf(undefined)).toEqual([])
  })

  it('takes {items, totalCount}, a bare array, or nothing as a page', () => {
    expect(toPage({ items: [1, 2], totalCount: 9 })).toEqual({ items: [1, 2], totalCount: 9 })
    expect(toPage({ items: [1, 2] })).toEqual({ items: [1, 2], totalCount: 2 })
    expect(toPage({ items: null })).toEqual({ items: [], totalCount: 0 })
    expect(toPage([1])).toEqual({ items: [1], totalCount: 1 })
    expect(toPage(undefined)).toEqual({ items: [], totalCount: 0 })
  })

  it("turns a table's sorter into the server's Sorting text", () => {
    expect(sortingOf({ columnKey: 'name', order: 'ascend' })).toBe('name')
    expect(sortingOf({ columnKey: 'code', order: 'descend' })).toBe('code desc')
    expect(sortingOf({ field: 'length', order: 'descend' })).toBe('length desc')
    expect(sortingOf({ columnKey: 'name', order: null })).toBeUndefined()
    expect(sortingOf([{ columnKey: 'name', order: 'ascend' }])).toBe('name')
    expect(sortingOf(undefined)).toBeUndefined()
  })

  it('loads more only within 20 px of the bottom', () => {
    expect(nearBottom({ scrollTop: 380, clientHeight: 400, scrollHeight: 800 })).toBe(true)
    expect(nearBottom({ scrollTop: 400, clientHeight: 400, scrollHeight: 800 })).toBe(true)
    expect(nearBottom({ scrollTop: 379, clientHeight: 400, scrollHeight: 800 })).toBe(false)
  })
})

describe('replaceRow', () => {
  const old = { id: 'a', name: 'old' }
  const saved = { id: 'a', name: 'new' }
  const other = { id: 'b', name: 'b' }
  it('swaps the saved row into pages read as the user scrolls and into one page', () => {
    expect(replaceRow({ pages: [{ items: [other] }, { items: [old] }], pageParams: [0, 20] }, saved)).toEqual({
      pages: [{ items: [other] }, { items: [saved] }],
      pageParams: [0, 20],
    })
    expect(replaceRow({ items: [old, other], totalCount: 2 }, saved)).toEqual({ items: [saved, other], totalCount: 2 })
  })
  it('leaves anything else alone', () => {
    expect(replaceRow(undefined, saved)).toBeUndefined()
    expect(replaceRow([old], saved)).toEqual([old])
  })
})
