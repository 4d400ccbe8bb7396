import { describe, expect, it } from 'vitest'
import { buildUnitTree, decideDrop, EMPTY_ID, filterTree, parentIds, pathOf, subtreeIds, type TreeDrop, type UnitLike } from './tree'

// 总部 (00001) > 销售部 (00001.00001), 生产部 (00001.00002) > 开料车间, 封边车间; 仓库 (00002)
const units: UnitLike[] = [
  { id: 'cut', parentId: 'prod', code: '00001.00002.00001', displayName: '开料车间' },
  { id: 'hq', parentId: null, code: '00001', displayName: '总部' },
  { id: 'edge', parentId: 'prod', code: '00001.00002.00002', displayName: '封边车间' },
  { id: 'sales', parentId: 'hq', code: '00001.00001', displayName: '销售部' },
  { id: 'prod', parentId: 'hq', code: '00001.00002', displayName: '生产部' },
  { id: 'store', parentId: EMPTY_ID, code: '00002', displayName: '仓库' },
]

type Shape = [string, Shape[]]
const shape = (nodes: ReturnType<typeof buildUnitTree>): Shape[] => nodes.map((n) => [n.title, shape(n.children)])

describe('flat list → tree', () => {
  it('nests each unit under its parent, siblings in code order, whatever order the list came in', () => {
    expect(shape(buildUnitTree(units))).toEqual([
      ['总部', [['销售部', []], ['生产部', [['开料车间', []], ['封边车间', []]]]]],
      ['仓库', []],
    ])
  })

  it('takes null, the empty id and a missing parentId as a root', () => {
    const roots = buildUnitTree([
      { id: 'a', parentId: null, code: '00001', displayName: 'A' },
      { id: 'b', parentId: EMPTY_ID, code: '00002', displayName: 'B' },
      { id: 'c', code: '00003', displayName: 'C' },
    ])
    expect(roots.map((r) => r.title)).toEqual(['A', 'B', 'C'])
  })

  it('keeps a unit whose parent is not in the list as a root instead of hiding it', () => {
    const roots = buildUnitTree([{ id: 'x', parentId: 'gone', code: '00009.00001', displayName: 'Orphan' }])
    expect(shape(roots)).toEqual([['Orphan', []]])
  })

  it('never loses units that point at each other (bad data): both stay visible', () => {
    const roots = buildUnitTree([
      { id: 'a', parentId: 'b', code: '00001', displayName: 'A' },
      { id: 'b', parentId: 'a', code: '00002', displayName: 'B' },
    ])
    const all = (ns: ReturnType<typeof buildUnitTree>): string[] => ns.flatMap((n) => [n.title, ...all(n.children)])
    expect(all(roots).sort()).toEqual(['A', 'B'])
  })

  it('lists the units with children (to expand them), a subtree, and the path of names to a unit', () => {
    expect(parentIds(buildUnitTree(units)).sort()).toEqual(['hq', 'prod'])
    expect([...subtreeIds(units, 'hq')].sort()).toEqual(['cut', 'edge', 'hq', 'prod', 'sales'])
    expect([...subtreeIds(units, 'cut')]).toEqual(['cut'])
    expect(pathOf(units, 'edge')).toEqual(['总部', '生产部', '封边车间'])
  })

  it('filters on a name, keeping the ancestors of a match and its whole subtree', () => {
    const tree = buildUnitTree(units)
    expect(shape(filterTree(tree, '封边'))).toEqual([['总部', [['生产部', [['封边车间', []]]]]]])
    expect(shape(filterTree(tree, '生产'))).toEqual([['总部', [['生产部', [['开料车间', []], ['封边车间', []]]]]]])
    expect(filterTree(tree, '  ')).toHaveLength(2)
    expect(filterTree(tree, 'nothing')).toEqual([])
  })
})

describe('drop → parentId', () => {
  const drop = (dragId: string, targetId: string, d: Partial<TreeDrop> = {}): TreeDrop => ({
    dragId,
    targetId,
    dropToGap: false,
    relative: 0,
    targetExpanded: false,
    ...d,
  })

  it('dropped onto a unit: that unit becomes the parent', () => {
    expect(decideDrop(units, drop('sales', 'prod'))).toEqual({ kind: 'move', parentId: 'prod' })
    expect(decideDrop(units, drop('store', 'cut'))).toEqual({ kind: 'move', parentId: 'cut' })
  })

  it('dropped in a gap beside a unit: the unit becomes its sibling (same parent as the target)', () => {
    expect(decideDrop(units, drop('cut', 'sales', { dropToGap: true, relative: 1 }))).toEqual({ kind: 'move', parentId: 'hq' })
    expect(decideDrop(units, drop('cut', 'hq', { dropToGap: true, relative: -1 }))).toEqual({ kind: 'move', parentId: null })
  })

  it('dropped in a gap next to a root: the unit becomes a root (parentId null)', () => {
    expect(decideDrop(units, drop('sales', 'store', { dropToGap: true, relative: 1 }))).toEqual({ kind: 'move', parentId: null })
  })

  it('dropped just below an expanded unit with children: it becomes that unit’s child', () => {
    expect(decideDrop(units, drop('sales', 'prod', { dropToGap: true, relative: 1, targetExpanded: true }))).toEqual({
      kind: 'move',
      parentId: 'prod',
    })
    // collapsed, or without children: below it is beside it
    expect(decideDrop(units, drop('sales', 'prod', { dropToGap: true, relative: 1 }))).toEqual({ kind: 'none' })
    expect(decideDrop(units, drop('store', 'cut', { dropToGap: true, relative: 1, targetExpanded: true }))).toEqual({
      kind: 'move',
      parentId: 'prod',
    })
  })

  it('a drop that keeps the parent asks for nothing (siblings are ordered by code, not by position)', () => {
    expect(decideDrop(units, drop('cut', 'edge', { dropToGap: true, relative: 1 }))).toEqual({ kind: 'none' })
    expect(decideDrop(units, drop('cut', 'prod'))).toEqual({ kind: 'none' })
    expect(decideDrop(units, drop('hq', 'store', { dropToGap: true, relative: -1 }))).toEqual({ kind: 'none' })
  })

  it('refuses a parent inside the unit’s own subtree', () => {
    expect(decideDrop(units, drop('hq', 'cut'))).toEqual({ kind: 'cycle' })
    expect(decideDrop(units, drop('hq', 'sales', { dropToGap: true, relative: 1 }))).toEqual({ kind: 'cycle' })
    expect(decideDrop(units, drop('prod', 'prod'))).toEqual({ kind: 'cycle' })
  })

  it('ignores a drop naming a unit the list does not hold', () => {
    expect(decideDrop(units, drop('gone', 'hq'))).toEqual({ kind: 'none' })
  })
})
