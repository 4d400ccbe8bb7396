import { describe, expect, it } from 'vitest'
import type { MenuItem } from '../api/types'
import {
  buildMenuRoutes,
  buildPageTable,
  findRoute,
  flattenRoutes,
  isBarePage,
  missingRouteStatus,
  normaliseComponentKey,
  resolvePath,
} from './buildRoutes'

const item = (p: Partial<MenuItem> & Pick<MenuItem, 'name' | 'path'>): MenuItem => ({
  id: p.name,
  parentId: '00000000-0000-0000-0000-000000000000',
  displayName: p.name.toUpperCase(),
  component: 'x/index',
  icon: '',
  order: 0,
  permission: '',
  activeMenu: '',
  noCache: false,
  affix: false,
  isExternal: false,
  children: [],
  ...p,
})

const menu: MenuItem[] = [
  item({
    name: 'Catalog',
    path: '/catalog',
    component: 'Layout',
    order: 2,
    children: [
      item({ name: 'Parts', path: 'parts/index', component: 'parts/index', order: 2 }),
      item({ name: 'Products', path: '/products/index', component: 'products/index', order: 1, noCache: true }),
    ],
  }),
  item({ name: 'Dashboard', path: '/dashboard', component: 'dashboard/index', order: 1 }),
  item({ name: 'Docs', path: 'https://example.org/docs', component: '', order: 3, isExternal: true }),
  item({ name: 'Orders', path: '/orders/:id', component: 'orders/detail', order: 4, activeMenu: '/orders' }),
]

describe('routes from a menu tree', () => {
  const tree = buildMenuRoutes(menu)

  it('sorts siblings by order', () => {
    expect(tree.map((r) => r.name)).toEqual(['Dashboard', 'Catalog', 'Docs', 'Orders'])
    expect(tree[1].children.map((r) => r.name)).toEqual(['Products', 'Parts'])
  })
  it('resolves child paths against the parent unless absolute', () => {
    expect(tree[1].children.map((r) => r.path)).toEqual(['/products/index', '/catalog/parts/index'])
  })
  it('marks groups, external links and parents', () => {
    expect(tree[1].isGroup).toBe(true)
    expect(tree[2].isExternal).toBe(true)
    expect(tree[1].children[0].parents).toEqual(['CATALOG'])
  })
  it('pins the dashboard and keeps the menu flags', () => {
    expect(tree[0].affix).toBe(true)
    expect(tree[1].children[0].noCache).toBe(true)
    expect(tree[3].activeMenu).toBe('/orders')
  })
  it('flattens to pages only', () => {
    expect(flattenRoutes(tree).map((r) => r.path)).toEqual(['/dashboard', '/products/index', '/catalog/parts/index', '/orders/:id'])
  })
  it('adds the hidden routes and finds a route by location', () => {
    const pages = buildPageTable(tree)
    expect(pages.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/redirect/*', '/401', '/404', '/profile-setting/index']),
    )
    expect(findRoute(pages, '/orders/42')?.name).toBe('Orders')
    expect(findRoute(pages, '/redirect/products/index')?.name).toBe('Redirect')
    expect(findRoute(pages, '/nowhere')).toBeUndefined()
  })
  it('adds a dashboard when the menu has none', () => {
    const pages = buildPageTable(buildMenuRoutes([menu[0]]))
    const d = findRoute(pages, '/dashboard')
    expect(d?.component).toBe('dashboard/index')
    expect(d?.affix).toBe(true)
  })
  it('joins paths cleanly', () => {
    expect(resolvePath('/a/', 'b/')).toBe('/a/b')
    expect(resolvePath('/a', '')).toBe('/a')
    expect(resolvePath('/', 'x')).toBe('/x')
  })
  it('normalises component keys', () => {
    expect(normaliseComponentKey('/Products/index.vue')).toBe('products/index')
    expect(normaliseComponentKey('./dashboard/index')).toBe('dashboard/index')
  })
  it('tells a forbidden page from a missing one', () => {
    const keys = new Set(['products/index'])
    expect(missingRouteStatus('/products/index', keys)).toBe(401)
    expect(missingRouteStatus('/products', keys)).toBe(401)
    expect(missingRouteStatus('/admin/users', keys)).toBe(401)
    expect(missingRouteStatus('/sales/detail-tables', keys)).toBe(401)
    expect(missingRouteStatus('/no/such/page', keys)).toBe(404)
  })
  it('answers 401 for a design viewer the user may not open (its path holds the plan, not the component key)', () => {
    const keys = new Set(['home-design/viewer'])
    expect(missingRouteStatus('/home-design/viewer/p1', keys)).toBe(401)
  })
  it('shows the design viewer without the layout, and menu pages inside it', () => {
    const tree = buildMenuRoutes([
      item({ name: 'homeDesign.viewer', path: '/home-design/viewer/:planId', component: 'home-design/viewer' }),
      item({ name: 'Products', path: '/products', component: 'products/index' }),
    ])
    const pages = buildPageTable(tree)
    expect(pages.filter(isBarePage).map((r) => r.path)).toEqual(['/home-design/viewer/:planId'])
    expect(isBarePage({ component: './Home-Design/viewer.tsx' })).toBe(true)
    expect(isBarePage({ component: 'products/index' })).toBe(false)
  })
})
