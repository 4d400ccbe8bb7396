import { toAcceptLanguage } from './language'
import { getTenant, type TokenResponse } from './token'
import { currentLanguage } from './runtime'

export const CLIENT_ID = 'kerf-web'
export const SCOPE = 'openid profile email phone role offline_access kerf'

/** An OAuth error answer: `{error, error_description}` (description already localised). */
export class OAuthError extends Error {
  status: number
  error: string
  constructor(status: number, error: string, description: string) {
    super(description || error)
    this.status = status
    this.error = error
  }
}

/** POST /connect/token (form-encoded) with the web client id and scopes. */
export async function requestToken(
  fields: Record<string, string>,
  opts: { tenant?: string | null; withScope?: boolean } = {},
): Promise<TokenResponse> {
  const body = new URLSearchParams({ client_id: CLIENT_ID, ...fields })
  if (opts.withScope !== false) body.set('scope', SCOPE)
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    'Accept-Language': toAcceptLanguage(currentLanguage()),
  }
  const tenant = opts.tenant === undefined ? getTenant() : opts.tenant
  if (tenant) headers.__tenant = tenant
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), 30_000)
  let res: Response
  try {
    res = await fetch('/connect/token', { method: 'POST', headers, body, signal: controller.signal })
  } catch {
    throw new OAuthError(0, 'network', '')
  } finally {
    clearTimeout(timer)
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) {
    throw new OAuthError(res.status, String(data.error ?? res.status), String(data.error_description ?? ''))
  }
  return data as unknown as TokenResponse
}

export function passwordGrant(username: string, password: string, tenant: string | null) {
  return requestToken({ grant_type: 'password', username, password }, { tenant })
}

export function phoneGrant(phoneNumber: string, code: string, tenant: string | null) {
  return requestToken({ grant_type: 'phone_verify', phone_number: phoneNumber, phone_verify_code: code }, { tenant })
}

export function refreshGrant(refreshToken: string) {
  return requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken })
}

/** Impersonation grant; used here to go back to one's own account. */
export function impersonationGrant(accessToken: string, userId: string, tenantId?: string | null) {
  const fields: Record<string, string> = { grant_type: 'Impersonation', access_token: accessToken, UserId: userId }
  if (tenantId) fields.TenantId = tenantId
  return requestToken(fields, { tenant: null })
}

/** POST /connect/revocation for a refresh token; failures are ignored (logout goes on). */
export async function revokeToken(token: string): Promise<void> {
  const body = new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: CLIENT_ID })
  await fetch('/connect/revocation', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  }).catch(() => undefined)
}
