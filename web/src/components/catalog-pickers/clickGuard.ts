import { useRef, useCallback } from 'react'

/** Second clicks on add actions and on rows are ignored for this long (spec 001 §9). */
export const CLICK_GUARD_MS = 2000

/**
 * A guard that lets one click per key through, then ignores that key for `ms` milliseconds.
 * `pass(key)` answers whether this click may act.
 */
export function createClickGuard(ms = CLICK_GUARD_MS, now: () => number = Date.now) {
  const last = new Map<string, number>()
  return {
    pass(key = 'default'): boolean {
      const t = now()
      const prev = last.get(key)
      if (prev !== undefined && t - prev < ms) return false
      last.set(key, t)
      return true
    },
    reset(key?: string) {
      if (key === undefined) last.clear()
      else last.delete(key)
    },
  }
}

/** The click guard of one component: `guard(key, fn)` runs fn unless the key clicked < 2 s ago. */
export function useClickGuard(ms = CLICK_GUARD_MS) {
  const ref = useRef<ReturnType<typeof createClickGuard> | null>(null)
  if (!ref.current) ref.current = createClickGuard(ms)
  return useCallback((key: string, fn: () => void) => {
    if (ref.current?.pass(key)) fn()
  }, [])
}
