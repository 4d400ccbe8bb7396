import { describe, expect, it } from 'vitest'
import type { Board, Channel } from './api'
import { canMove, columnsOf, dropId, nextState, parseDropId, percent, prevState, size } from './board'

const board = (id: string, state: Board['state']): Board =>
  ({ id, state, sheetIndex: 1, book: 1, channel: 1, length: 2440, width: 1220, thickness: 18, parts: 3, utilisation: 0.8765 }) as Board

describe('saw kanban boards', () => {
  it('split a channel into its three columns in order', () => {
    const ch: Channel = { channel: 1, boards: [board('a', 0), board('b', 1), board('c', 0), board('d', 2)] }
    const cols = columnsOf(ch)
    expect(cols[0].map((b) => b.id)).toEqual(['a', 'c'])
    expect(cols[1].map((b) => b.id)).toEqual(['b'])
    expect(cols[2].map((b) => b.id)).toEqual(['d'])
    expect(columnsOf({ channel: 2, boards: null })).toEqual({ 0: [], 1: [], 2: [] })
  })
  it.each([
    [0, 1, null],
    [1, 2, 0],
    [2, null, 1],
  ] as const)('from column %i move on to %s and back to %s', (s, next, prev) => {
    expect(nextState(s)).toBe(next)
    expect(prevState(s)).toBe(prev)
  })
  it.each([
    [0, 1, true],
    [1, 0, true],
    [1, 2, true],
    [0, 2, false],
    [2, 0, false],
    [1, 1, false],
  ] as const)('moves %i → %i: %s', (from, to, ok) => {
    expect(canMove(from, to)).toBe(ok)
  })
  it('show utilisation and size', () => {
    expect(percent(0.8765)).toBe('87.7%')
    expect(percent(1)).toBe('100.0%')
    expect(size({ length: 2440, width: 1220, thickness: 18 })).toBe('2440 × 1220 × 18')
  })
  it('name drop targets by channel and column', () => {
    expect(parseDropId(dropId(3, 2))).toEqual({ channel: 3, state: 2 })
    expect(parseDropId('x')).toBeNull()
    expect(parseDropId(undefined)).toBeNull()
  })
})
