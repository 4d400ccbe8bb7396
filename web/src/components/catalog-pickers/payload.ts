/**
 * The payload with empty-string and undefined fields dropped (spec 001 §7: empty-string fields
 * are dropped from the saved payload). Shallow; null, 0 and false are kept.
 */
export function cleanPayload<T extends object>(body: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [k, v] of Object.entries(body) as [keyof T, T[keyof T]][]) {
    if (v === undefined) continue
    if (typeof v === 'string' && v === '') continue
    out[k] = v
  }
  return out
}
