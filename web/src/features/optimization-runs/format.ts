import type { ResultSheet, RunResult } from './api'

/** Saw time as mm:ss (minutes may pass 59). */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** A 0–1 share as a percent with one decimal. */
export const pct1 = (share: number) => `${(Math.round((share || 0) * 1000) / 10).toFixed(1)} %`

/** One pattern of a result: its first board and how many boards are cut with it. */
export interface PatternGroup {
  pattern: number
  count: number
  sheet: ResultSheet
}

/** Identical boards grouped by pattern, in the order their first board is cut. */
export function groupByPattern(r: Pick<RunResult, 'sheets'>): PatternGroup[] {
  const out = new Map<number, PatternGroup>()
  for (const sh of r.sheets ?? []) {
    const g = out.get(sh.pattern)
    if (g) g.count++
    else out.set(sh.pattern, { pattern: sh.pattern, count: 1, sheet: sh })
  }
  return [...out.values()]
}
