/**
 * Permission check (spec 000 §6): passes when the user holds any of the names; with one name it
 * needs an exact match. With no name at all an error is logged and access is denied.
 */
export function checkPermission(granted: readonly string[] | ReadonlySet<string>, required: string | readonly string[]): boolean {
  const list = (typeof required === 'string' ? [required] : [...required]).filter((p) => p && p.trim())
  if (list.length === 0) {
    console.error(`need permissions! Like <Permission value={['AbpIdentity.Users']}>`)
    return false
  }
  const set: ReadonlySet<string> = granted instanceof Set ? granted : new Set(granted as readonly string[])
  return list.some((p) => set.has(p))
}
