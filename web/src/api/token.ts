import { readLocal, STORAGE_KEYS, writeLocal } from './storage'

/** What the token endpoint answers. */
export interface TokenResponse {
  access_token: string
  token_type: string
  expires_in: number
  refresh_token?: string
  id_token?: string
  scope?: string
}

export interface StoredToken {
  accessToken: string
  tokenType: string
  refreshToken: string | null
  expiresAt: number
}

type Listener = () => void
const listeners = new Set<Listener>()
let cached: StoredToken | null | undefined

function load(): StoredToken | null {
  const raw = readLocal(STORAGE_KEYS.token)
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as StoredToken
    return parsed && typeof parsed.accessToken === 'string' ? parsed : null
  } catch {
    return null
  }
}

export function getToken(): StoredToken | null {
  if (cached === undefined) cached = load()
  return cached
}

/** "Bearer xyz", or null when logged out. */
export function getAuthorization(): string | null {
  const t = getToken()
  return t ? `${t.tokenType || 'Bearer'} ${t.accessToken}` : null
}

export function setToken(response: TokenResponse): StoredToken {
  const token: StoredToken = {
    accessToken: response.access_token,
    tokenType: response.token_type || 'Bearer',
    refreshToken: response.refresh_token ?? null,
    expiresAt: Date.now() + (response.expires_in ?? 3600) * 1000,
  }
  cached = token
  writeLocal(STORAGE_KEYS.token, JSON.stringify(token))
  listeners.forEach((l) => l())
  return token
}

/** Forgets the tokens. `silent` skips re-rendering (when a full page load follows anyway). */
export function clearToken(opts: { silent?: boolean } = {}): void {
  cached = null
  writeLocal(STORAGE_KEYS.token, null)
  if (!opts.silent) listeners.forEach((l) => l())
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The tenant chosen on the login page (sent as __tenant), or null for the host. */
export function getTenant(): string | null {
  const t = readLocal(STORAGE_KEYS.tenant)
  return t && t.trim() ? t.trim() : null
}

export function setTenant(name: string | null): void {
  writeLocal(STORAGE_KEYS.tenant, name && name.trim() ? name.trim() : null)
}
