import dayjs from 'dayjs'
import type { BoardFigures, FileUtilisation } from './api'

const DAY = 'YYYY-MM-DD'

/** A percent as the runs page shows it: two decimals and " %". */
export const pct = (v: number | null | undefined) => `${(v ?? 0).toFixed(2)} %`
/** An area in m² with three decimals (as the server rounds it). */
export const m2 = (v: number | null | undefined) => (v ?? 0).toFixed(3)
/** Board equivalents: whole when whole, else two decimals. */
export const boardsText = (v: number | null | undefined) => {
  const n = v ?? 0
  return Number.isInteger(n) ? String(n) : n.toFixed(2)
}

/** The default period: the last 30 days, today included. */
export function defaultRange(now = dayjs()): [string, string] {
  return [now.subtract(29, 'day').format(DAY), now.format(DAY)]
}

/** The chart's series: a bar per file (utilisation and waste %) in finish order. */
export function chartSeries(items: FileUtilisation[]): { labels: string[]; ids: string[]; utilisation: number[]; waste: number[] } {
  return {
    labels: items.map((f) => f.fileName),
    ids: items.map((f) => f.importFileId),
    utilisation: items.map((f) => f.utilisation),
    waste: items.map((f) => f.wastePct),
  }
}

/** Ten buckets of board utilisation (0–10 %, …, 90–100 %) and how many boards fall in each. */
export function histogram(boards: Pick<BoardFigures, 'utilisation'>[]): { labels: string[]; counts: number[] } {
  const counts = Array.from({ length: 10 }, () => 0)
  for (const b of boards) {
    const i = Math.min(9, Math.max(0, Math.floor((b.utilisation ?? 0) / 10)))
    counts[i]++
  }
  return { labels: counts.map((_c, i) => `${i * 10}–${i * 10 + 10}%`), counts }
}
