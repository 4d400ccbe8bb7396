import { describe, expect, it } from 'vitest'
import { buildMenuRoutes, type AppRoute } from '../../app/buildRoutes'
import type { MenuItem } from '../../api/types'
import { createSearcher, entryLabel, generateSearchPool, searchRoutes } from './searchPool'

const m = (name: string, displayName: string, path: string, children: MenuItem[] = [], component = 'x/index'): MenuItem => ({
  id: name,
  parentId: '00000000-0000-0000-0000-000000000000',
  name,
  displayName,
  path,
  component,
  icon: '',
  order: 0,
  permission: '',
  activeMenu: '',
  noCache: false,
  affix: false,
  isExternal: false,
  children,
})

const tree: AppRoute[] = buildMenuRoutes([
  m('Dashboard', '仪表盘', '/dashboard'),
  m('Catalog', 'Catalogues', '/catalog', [m('Products', 'Product catalogue', '/products/index'), m('Parts', 'Parts catalogue', '/parts/index')], 'Layout'),
  m('Admin', 'Administration', '/admin', [m('Users', 'Users', '/admin/users')], 'Layout'),
  m('Sales', 'Sales', '/sales', [m('Orders', 'Orders', '/sales/orders'), m('Order', 'Order', '/sales/orders/:id')], 'Layout'),
])
tree.push({ ...tree[0], name: 'Secret', path: '/secret', displayName: 'Secret page', hidden: true })

describe('header search', () => {
  const pool = generateSearchPool(tree, (k) => k)
  const searcher = createSearcher(pool)

  it('pools visible pages with parent titles joined by " > "', () => {
    expect(pool.map(entryLabel)).toEqual([
      '仪表盘',
      'Catalogues > Product catalogue',
      'Catalogues > Parts catalogue',
      'Administration > Users',
      'Sales > Orders',
    ])
    expect(pool.map((e) => e.path)).not.toContain('/secret')
  })
  it('finds by title', () => {
    expect(searchRoutes(searcher, 'product')[0].path).toBe('/products/index')
    expect(searchRoutes(searcher, '仪表')[0].path).toBe('/dashboard')
  })
  it('finds by path', () => {
    expect(searchRoutes(searcher, '/admin/users')[0].path).toBe('/admin/users')
  })
  it('tolerates a small typo (threshold 0.4)', () => {
    expect(searchRoutes(searcher, 'Prodcts')[0]?.path).toBe('/products/index')
  })
  it('finds nothing for an unrelated word or an empty query', () => {
    expect(searchRoutes(searcher, 'zzzzqqq')).toEqual([])
    expect(searchRoutes(searcher, '  ')).toEqual([])
  })
})
