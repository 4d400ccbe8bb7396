import { useRef, useCallback } from 'react'
import { readLocal, STORAGE_KEYS } from '../../api/storage'

/** Second clicks on add actions and on rows are ignored for this long (spec 001 §9). */
export const CLICK_GUARD_MS = 2000

/**
 * Whether the guard is switched off: local storage `kerf.clickGuard` = `off`. The browser tests
 * set it (web/e2e/support.mjs) so that they click as fast as they like instead of waiting 2 s;
 * nothing in the app sets it.
 */
export function clickGuardOff(): boolean {
  return readLocal(STORAGE_KEYS.clickGuard) === 'off'
}

/**
 * A guard that lets one click per key through, then ignores that key for `ms` milliseconds.
 * `pass(key)` answers whether this click may act. When switched off (clickGuardOff) every
 * click passes.
 */
export function createClickGuard(ms = CLICK_GUARD_MS, now: () => number = Date.now, off: () => boolean = clickGuardOff) {
  const last = new Map<string, number>()
  return {
    pass(key = 'default'): boolean {
      if (off()) return true
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
