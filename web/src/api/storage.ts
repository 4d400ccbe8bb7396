/** Keys of everything the web application keeps in the browser. */
export const STORAGE_KEYS = {
  token: 'kerf.token',
  tenant: 'kerf.currentTenant',
  language: 'kerf.language',
  size: 'kerf.size',
  impersonating: 'kerf.loggedInAsUser',
  apiBase: 'kerf.apiBase',
  permissionRetries: 'kerf.permissionRetries',
  lastNetworkReload: 'kerf.lastNetworkReload',
  /** 'off' switches the 2 s click guard off (the browser tests set it instead of waiting). */
  clickGuard: 'kerf.clickGuard',
} as const

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function readLocal(key: string): string | null {
  return store()?.getItem(key) ?? null
}

export function writeLocal(key: string, value: string | null): void {
  const s = store()
  if (!s) return
  if (value === null) s.removeItem(key)
  else s.setItem(key, value)
}
