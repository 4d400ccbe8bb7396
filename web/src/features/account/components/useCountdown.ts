import { useCallback, useEffect, useState } from 'react'

/** Seconds before another code may be sent (the server allows one per phone and purpose a minute). */
export const CODE_COUNTDOWN_SECONDS = 60

/** A countdown in whole seconds: `start()` sets it to `seconds`, and it falls by one each second to 0. */
export function useCountdown(seconds = CODE_COUNTDOWN_SECONDS): { left: number; start: () => void } {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(id)
  }, [left])
  const start = useCallback(() => setLeft(seconds), [seconds])
  return { left, start }
}
