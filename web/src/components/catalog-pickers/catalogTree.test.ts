import { describe, expect, it } from 'vitest'
import {
  ROOT_CODE,
  ROOT_KEY,
  ancestorKeys,
  buildCatalogTree,
  expandableKeys,
  filterCatalogTree,
  findNode,
  selectionAfterDelete,
  withRootEntry,
} from './catalogTree'
import { EMPTY_GUID, type Catalog } from './types'

/** A directory as the server sends it (top-level directories have parentId EMPTY_GUID). */
const row = (p: Pick<Catalog, 'id' | 'parentId' | 'displayName' | 'catalogName' | 'moduleName'> & Partial<Catalog>): Catalog => ({
  code: p.id,
  concurrencyStamp: '',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  isDeleted: false,
  isEnable: true,
  lastModificationTime: null,
  lastModifierId: null,
  tenantId: null,
  ...p,
})

const cat = (id: string, parentId: string, name: string): Catalog => row({ id, parentId, displayName: name, catalogName: name, moduleName: 'product' })

const list: Catalog[] = [
  cat('a', EMPTY_GUID, 'Carcass'),
  cat('a1', 'a', 'Base units'),
  cat('a2', 'a', 'Wall units'),
  cat('a1x', 'a1', 'Sink base'),
  cat('b', null as unknown as string, 'Doors'), // not sent by the server (parentId is a GUID), tolerated
  cat('c', '', 'Hardware'),
]

describe('buildCatalogTree', () => {
  it('nests directories under their parent by parentId, keeping the server order', () => {
    const tree = buildCatalogTree(list)
    expect(tree.map((n) => n.key)).toEqual(['a', 'b', 'c'])
    expect(tree[0].children.map((n) => n.key)).toEqual(['a1', 'a2'])
    expect(tree[0].children[0].children.map((n) => n.key)).toEqual(['a1x'])
  })

  it('treats the all-zero GUID, null and empty parent ids as top level', () => {
    const tree = buildCatalogTree(list)
    expect(tree.every((n) => n.parentId === null)).toBe(true)
  })

  it('puts a directory whose parent is missing at the top level', () => {
    const tree = buildCatalogTree([cat('x', 'gone', 'Orphan')])
    expect(tree.map((n) => n.key)).toEqual(['x'])
  })

  it('shows catalogName, falling back to displayName', () => {
    const tree = buildCatalogTree([row({ id: 'x', parentId: EMPTY_GUID, displayName: 'Shown', catalogName: '', moduleName: 'matter' })])
    expect(tree[0].title).toBe('Shown')
  })

  it('does not loop on a cycle', () => {
    const tree = buildCatalogTree([cat('p', 'q', 'P'), cat('q', 'p', 'Q')])
    expect(tree.length).toBeGreaterThan(0)
  })
})

describe('withRootEntry', () => {
  it('puts a fixed root entry with no id and code 00001 first', () => {
    const tree = withRootEntry(buildCatalogTree(list), 'All')
    expect(tree[0]).toMatchObject({ key: ROOT_KEY, id: null, code: ROOT_CODE, isRoot: true, title: 'All' })
    expect(ROOT_CODE).toBe('00001')
    expect(tree.slice(1).map((n) => n.key)).toEqual(['a', 'b', 'c'])
  })
})

describe('filterCatalogTree', () => {
  const tree = withRootEntry(buildCatalogTree(list), 'All')

  it('keeps everything for an empty search', () => {
    expect(filterCatalogTree(tree, '  ')).toBe(tree)
  })

  it('keeps matches with their ancestors, case-insensitively, and always the root entry', () => {
    const out = filterCatalogTree(tree, 'SINK')
    expect(out.map((n) => n.key)).toEqual([ROOT_KEY, 'a'])
    expect(out[1].children.map((n) => n.key)).toEqual(['a1'])
    expect(out[1].children[0].children.map((n) => n.key)).toEqual(['a1x'])
  })

  it('keeps the whole subtree of a matching directory', () => {
    const out = filterCatalogTree(tree, 'carcass')
    expect(findNode(out, 'a2')).toBeDefined()
    expect(findNode(out, 'a1x')).toBeDefined()
    expect(findNode(out, 'b')).toBeUndefined()
  })

  it('lists the keys to expand', () => {
    expect(expandableKeys(buildCatalogTree(list))).toEqual(['a', 'a1'])
  })
})

describe('ancestorKeys', () => {
  it('lists ancestors outermost first', () => {
    expect(ancestorKeys(list, 'a1x')).toEqual(['a', 'a1'])
    expect(ancestorKeys(list, 'b')).toEqual([])
  })
})

describe('selectionAfterDelete', () => {
  it('selects the parent of a deleted child directory', () => {
    const remaining = list.filter((c) => c.id !== 'a1x')
    expect(selectionAfterDelete(remaining, { id: 'a1x', parentId: 'a1' })).toBe('a1')
  })

  it('selects the first top-level directory after deleting a top-level one', () => {
    const remaining = list.filter((c) => !c.id.startsWith('a'))
    expect(selectionAfterDelete(remaining, { id: 'a', parentId: EMPTY_GUID })).toBe('b')
  })

  it('selects the first entry when the parent went too', () => {
    expect(selectionAfterDelete([cat('z', EMPTY_GUID, 'Z')], { id: 'a1', parentId: 'a' })).toBe('z')
  })

  it('selects nothing when no directory is left', () => {
    expect(selectionAfterDelete([], { id: 'a', parentId: EMPTY_GUID })).toBeNull()
  })

  it('ignores the deleted directory if the reload still lists it', () => {
    expect(selectionAfterDelete([cat('a', EMPTY_GUID, 'A')], { id: 'a', parentId: EMPTY_GUID })).toBeNull()
  })
})
