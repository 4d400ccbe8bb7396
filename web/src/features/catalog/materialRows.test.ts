import { describe, expect, it } from 'vitest'
import { DEFAULT_LINK_COUNT, addPicked, fromLink, mergeLinks, validCount } from './materialRows'

describe('materials dialog rows', () => {
  it('adds a picked material in edit mode with count 1, skipping ones already linked', () => {
    const rows = [fromLink({ id: 'l1', productId: 'p', partId: 'a', count: 2, part: { id: 'a', name: 'A' } })]
    const out = addPicked(rows, [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ])
    expect(out).toHaveLength(2)
    expect(out[1]).toEqual({ key: 'new:b', linkId: null, partId: 'b', name: 'B', count: DEFAULT_LINK_COUNT, editing: true })
    expect(DEFAULT_LINK_COUNT).toBe(1)
  })

  it('keeps unsaved picks and rows being edited when the server list reloads', () => {
    const local = [
      { key: 'l1', linkId: 'l1', partId: 'a', name: 'A', count: 7, editing: true },
      { key: 'new:b', linkId: null, partId: 'b', name: 'B', count: 1, editing: true },
    ]
    const out = mergeLinks(
      [
        { id: 'l1', productId: 'p', partId: 'a', count: 2, part: { id: 'a', name: 'A' } },
        { id: 'l2', productId: 'p', partId: 'c', count: 4, part: { id: 'c', name: 'C' } },
      ],
      local,
    )
    expect(out.map((r) => [r.key, r.count, r.editing])).toEqual([
      ['l1', 7, true],
      ['l2', 4, false],
      ['new:b', 1, true],
    ])
  })

  it('drops an unsaved pick once the server has the link', () => {
    const out = mergeLinks([{ id: 'l9', productId: 'p', partId: 'b', count: 1, part: { id: 'b', name: 'B' } }], [
      { key: 'new:b', linkId: null, partId: 'b', name: 'B', count: 1, editing: true },
    ])
    expect(out.map((r) => r.key)).toEqual(['l9'])
  })

  it('accepts counts of at least 0', () => {
    expect(validCount(0)).toBe(true)
    expect(validCount(2.5)).toBe(true)
    expect(validCount(-1)).toBe(false)
    expect(validCount(null)).toBe(false)
  })
})
