import { useEffect, useRef } from 'react'

/**
 * Runs `apply` when `value` changes, and not again when React re-runs effects for the same
 * value (a kept-alive tab shown again runs its effects anew; a dialog must not lose what the
 * user typed then).
 */
export function useWhenChanged<T>(value: T, apply: (v: T) => void): void {
  const last = useRef<{ v: T } | null>(null)
  useEffect(() => {
    if (last.current && Object.is(last.current.v, value)) return
    last.current = { v: value }
    apply(value)
    // apply is read only when the value changes
  }, [value])
}
