import { describe, expect, it } from 'vitest'
import { sessionKeys } from '../../api/session'
import { ROOT_ID, buildTree, menuKeys, parentIds, subtreeIds, toCreateBody, toFormValues, toUpdateBody, type MenuRow } from './api'

function row(id: string, parentId: string, extra: Partial<MenuRow> = {}): MenuRow {
  return {
    id,
    parentId,
    name: id,
    displayName: id.toUpperCase(),
    displayNameZhHans: id,
    displayNameEn: '',
    path: `/${id}`,
    component: 'Layout',
    icon: '',
    order: 0,
    permission: '',
    hidden: false,
    activeMenu: '',
    noCache: false,
    affix: false,
    isExternal: false,
    hostOnly: false,
    multiTenancyOnly: false,
    childCount: 0,
    customized: false,
    creationTime: '2024-01-01T00:00:00Z',
    lastModificationTime: null,
    concurrencyStamp: 's',
    ...extra,
  }
}

describe('buildTree', () => {
  const rows = [row('a', ROOT_ID), row('b', 'a'), row('c', 'b'), row('d', ROOT_ID), row('orphan', 'missing')]
  const tree = buildTree(rows)

  it('nests children under their parent in the given order; orphans become roots', () => {
    expect(tree.map((n) => n.id)).toEqual(['a', 'd', 'orphan'])
    expect(tree[0].children?.map((n) => n.id)).toEqual(['b'])
    expect(tree[0].children?.[0].children?.map((n) => n.id)).toEqual(['c'])
  })

  it('leaves leaves without a children array (no expand icon)', () => {
    expect(tree[1]).not.toHaveProperty('children')
  })

  it('lists parent ids and a subtree', () => {
    expect(parentIds(tree)).toEqual(['a', 'b'])
    expect([...subtreeIds(tree, 'b')].sort()).toEqual(['b', 'c'])
    expect([...subtreeIds(tree, 'd')]).toEqual(['d'])
  })
})

describe('bodies', () => {
  it('trims texts, defaults the parent to the root and the order to 0', () => {
    expect(toCreateBody({ name: ' x.y ', displayNameZhHans: ' 名 ', path: '/x', component: 'x/index', order: null })).toEqual({
      name: 'x.y',
      parentId: ROOT_ID,
      order: 0,
      displayNameZhHans: '名',
      displayNameEn: '',
      path: '/x',
      component: 'x/index',
      icon: '',
      permission: '',
      activeMenu: '',
      hidden: false,
      noCache: false,
      affix: false,
      isExternal: false,
      hostOnly: false,
      multiTenancyOnly: false,
    })
  })

  it('sends no name on update, and the stamp when known', () => {
    const body = toUpdateBody({ ...toFormValues(row('b', 'a')), name: 'ignored' }, 'stamp')
    expect(body).not.toHaveProperty('name')
    expect(body).toMatchObject({ parentId: 'a', concurrencyStamp: 'stamp', path: '/b' })
  })

  it('shows a root row without a parent', () => {
    expect(toFormValues(row('a', ROOT_ID)).parentId).toBeUndefined()
  })
})

describe('menuKeys', () => {
  it('webMenu is the prefix of the shell menu query, so a change refreshes the sidebar', () => {
    expect(sessionKeys.menu('en').slice(0, menuKeys.webMenu.length)).toEqual([...menuKeys.webMenu])
  })
  it('list keys lie under all', () => {
    expect(menuKeys.list('x', 'en').slice(0, 2)).toEqual([...menuKeys.all])
  })
})
