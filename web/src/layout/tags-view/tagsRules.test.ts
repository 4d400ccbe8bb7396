import { describe, expect, it } from 'vitest'
import {
  addView,
  delAllViews,
  delCachedView,
  delOthersViews,
  delView,
  initAffixViews,
  nextPathAfterClose,
  NO_NAME,
  tagTitle,
  type TagsState,
  type TagView,
} from './tagsRules'

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path.slice(1).replace(/\//g, '-') || 'root',
  title: path,
  affix: false,
  noCache: false,
  ...extra,
})
const empty: TagsState = { visitedViews: [], cachedViews: [] }
const dashboard = view('/dashboard', { affix: true, name: 'Dashboard' })
const products = view('/products/index', { name: 'Products' })
const parts = view('/parts/index', { name: 'Parts' })
const report = view('/report/view', { name: 'Report', noCache: true })

function open(...views: TagView[]): TagsState {
  return views.reduce(addView, initAffixViews(empty, [dashboard]))
}

describe('tab titles', () => {
  const t = (k: string) => `t(${k})`
  const q = new URLSearchParams('name=Monthly')
  it('prefers the displayName', () => {
    expect(tagTitle('/x', q, { displayName: '产品', title: 'x' }, t)).toBe('产品')
  })
  it('takes the report name from the query on /report/view', () => {
    expect(tagTitle('/report/view', q, { title: 'report' }, t)).toBe('Monthly')
  })
  it('translates the route title otherwise', () => {
    expect(tagTitle('/x', q, { title: 'route.x' }, t)).toBe('t(route.x)')
  })
  it('falls back to no-name', () => {
    expect(tagTitle('/x', q, {}, t)).toBe(NO_NAME)
    expect(tagTitle('/x', q, undefined, t)).toBe('no-name')
  })
})

describe('tab bar rules', () => {
  it('starts with the pinned dashboard', () => {
    expect(open().visitedViews.map((v) => v.path)).toEqual(['/dashboard'])
  })
  it('ignores adding a path that is already open', () => {
    const s = addView(open(products), { ...products, fullPath: '/products/index?x=1', title: 'other' })
    expect(s.visitedViews.filter((v) => v.path === '/products/index')).toHaveLength(1)
    expect(s.visitedViews[1].fullPath).toBe('/products/index')
  })
  it('tracks cached views by name and skips noCache', () => {
    const s = open(products, report, parts)
    expect(s.cachedViews).toEqual(['Products', 'Parts'])
  })
  it('does not close a pinned tab', () => {
    const s = open(products)
    expect(delView(s, dashboard)).toBe(s)
  })
  it('closes a tab and drops its cached view', () => {
    const s = delView(open(products, parts), products)
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/parts/index'])
    expect(s.cachedViews).toEqual(['Parts'])
  })
  it('Close Others keeps pinned tabs and the current one', () => {
    const s = delOthersViews(open(products, parts, report), parts)
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/parts/index'])
    expect(s.cachedViews).toEqual(['Parts'])
  })
  it('Close All keeps only pinned tabs', () => {
    const s = delAllViews(open(products, parts))
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard'])
    expect(s.cachedViews).toEqual([])
  })
  it('Refresh drops only the cached view', () => {
    const s = delCachedView(open(products), products)
    expect(s.visitedViews).toHaveLength(2)
    expect(s.cachedViews).toEqual([])
  })
  it('closing the active tab goes to the last view, or / when none remain', () => {
    const before = open(products, parts)
    const after = delView(before, parts)
    expect(nextPathAfterClose(after.visitedViews, parts, '/parts/index')).toBe('/products/index')
    expect(nextPathAfterClose([], parts, '/parts/index')).toBe('/')
  })
  it('closing another tab stays where it is', () => {
    const after = delView(open(products, parts), products)
    expect(nextPathAfterClose(after.visitedViews, products, '/parts/index')).toBeNull()
  })
  it('keeps pinned tabs first', () => {
    const s = initAffixViews({ visitedViews: [products], cachedViews: [] }, [dashboard])
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/products/index'])
  })
})
