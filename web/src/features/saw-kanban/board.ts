import type { Board, BoardState, Channel } from './api'

/** The kanban's columns in order: waiting, cutting, done. */
export const STATES: readonly BoardState[] = [0, 1, 2]

/** A channel's boards split into the three columns, in cutting order. */
export function columnsOf(channel: Channel): Record<BoardState, Board[]> {
  const out: Record<BoardState, Board[]> = { 0: [], 1: [], 2: [] }
  for (const b of channel.boards ?? []) out[b.state]?.push(b)
  return out
}

/** The column a board moves on to, or null from done. */
export const nextState = (s: BoardState): BoardState | null => (s < 2 ? ((s + 1) as BoardState) : null)
/** The column a board moves back to, or null from waiting. */
export const prevState = (s: BoardState): BoardState | null => (s > 0 ? ((s - 1) as BoardState) : null)
/** Whether a board may move from one column to another (one column at a time). */
export const canMove = (from: BoardState, to: BoardState) => Math.abs(from - to) === 1

/** The board's utilisation (0–1) as a percentage with one decimal. */
export const percent = (u: number) => `${(Math.round(u * 1000) / 10).toFixed(1)}%`
/** A board's size: length × width × thickness in mm. */
export const size = (b: Pick<Board, 'length' | 'width' | 'thickness'>) => `${trim(b.length)} × ${trim(b.width)} × ${trim(b.thickness)}`
const trim = (n: number) => String(Math.round(n * 100) / 100)

/** A drop target's id: channel and column. */
export const dropId = (channel: number, state: BoardState) => `${channel}:${state}`
/** The channel and column of a drop target's id, or null. */
export function parseDropId(id: string | number | undefined | null): { channel: number; state: BoardState } | null {
  const m = /^(\d+):([012])$/.exec(String(id ?? ''))
  return m ? { channel: Number(m[1]), state: Number(m[2]) as BoardState } : null
}
