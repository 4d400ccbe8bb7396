/** Rows shown at first, and added each time the user nears the bottom (spec 001 §2, §9). */
export const LOAD_MORE_STEP = 20
/** How close to the bottom (px) the user must scroll to load more. */
export const LOAD_MORE_THRESHOLD_PX = 20

export interface ScrollMetrics {
  scrollTop: number
  clientHeight: number
  scrollHeight: number
}

/** True when the scrolled box is within the threshold of its bottom. */
export function nearBottom(m: ScrollMetrics, threshold = LOAD_MORE_THRESHOLD_PX): boolean {
  return m.scrollHeight - m.scrollTop - m.clientHeight <= threshold
}

/**
 * How many rows to show after a scroll: 20 more when near the bottom and more are held,
 * never more than the list has.
 */
export function nextVisibleCount(
  visible: number,
  total: number,
  m: ScrollMetrics,
  step = LOAD_MORE_STEP,
  threshold = LOAD_MORE_THRESHOLD_PX,
): number {
  if (visible >= total) return visible
  if (!nearBottom(m, threshold)) return visible
  return Math.min(total, visible + step)
}

/** The rows on screen: the first `visible` of the whole client-side list. */
export function visibleWindow<T>(rows: readonly T[], visible: number): T[] {
  return rows.slice(0, Math.max(0, visible))
}
