import { useEffect, useState } from 'react'

/** `value`, settled: it changes only once `value` has stayed the same for `ms` (a search box typed into). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}
