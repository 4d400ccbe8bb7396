import { describe, expect, it } from 'vitest'
import { limits } from '../../api/gen/limits'
import type { AppRoute } from '../../app/buildRoutes'
import { MAX_ROLES, configOf, hiddenJson, hiddenKeys, hiddenOptions, routeTitles, settingsOf, showsAColumn } from './rules'

const page = (path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id: path,
  name: path,
  path,
  title,
  component: 'x/index',
  order: 0,
  noCache: false,
  affix: false,
  isExternal: false,
  hidden: false,
  isGroup: false,
  parents: [],
  children: [],
  ...extra,
})

describe('page configuration rules', () => {
  it('reads a saved config as the chooser columns, in their saved order, and writes it back', () => {
    const s = settingsOf('[{"key":"b","title":"B","isShow":false,"order":1},{"key":"a","isShow":true,"order":0,"width":120}]')
    expect(s).toEqual([
      { key: 'a', title: 'a', isShow: true, order: 0, width: 120 },
      { key: 'b', title: 'B', isShow: false, order: 1 },
    ])
    expect(JSON.parse(configOf(s!))).toEqual([
      { key: 'a', title: 'a', isShow: true, order: 0, width: 120 },
      { key: 'b', title: 'B', isShow: false, order: 1 },
    ])
    expect(settingsOf('not json')).toBeNull()
    expect(settingsOf('[{"key":"a"},{"key":"a"}]')).toBeNull()
  })

  it('needs a shown column', () => {
    expect(showsAColumn(settingsOf('[{"key":"a","isShow":false}]')!)).toBe(false)
    expect(showsAColumn(settingsOf('[{"key":"a","isShow":false},{"key":"b","isShow":true}]')!)).toBe(true)
  })

  it('reads and writes hidden fields as keys, each once', () => {
    expect(hiddenKeys('["price","cost"]')).toEqual(['price', 'cost'])
    expect(hiddenKeys('')).toEqual([])
    expect(hiddenKeys('{')).toEqual([])
    expect(hiddenJson(['price', 'cost', 'price'])).toBe('["price","cost"]')
  })

  it('offers the config columns as hidden fields, and keeps a hidden key the config lacks', () => {
    const s = settingsOf('[{"key":"price","title":"Price","isShow":true},{"key":"code","isShow":true}]')!
    expect(hiddenOptions(s, ['gone'])).toEqual([
      { value: 'price', label: 'Price (price)' },
      { value: 'code', label: 'code' },
      { value: 'gone', label: 'gone' },
    ])
  })

  it('titles the routes of the menu by their route key, groups and external links left out', () => {
    const titles = routeTitles(
      [page('/sales/orders', 'Orders'), page('/sales', 'Sales', { component: 'Layout' }), page('https://x.test', 'X', { isExternal: true })],
      (r) => r.title,
    )
    expect([...titles]).toEqual([['zzzsaleszzzorders', 'Orders']])
  })

  it('takes the role limit from the server', () => {
    expect(MAX_ROLES).toBe(limits.PageconfigCreateInput.roleList.maxItems)
    expect(MAX_ROLES).toBeGreaterThan(0)
  })
})
