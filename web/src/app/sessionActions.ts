import type { QueryClient } from '@tanstack/react-query'
import { impersonationGrant, requestToken, revokeToken } from '../api/oauth'
import { serverLogout } from '../api/session'
import { readLocal, STORAGE_KEYS, writeLocal } from '../api/storage'
import { clearToken, getToken, setTenant, setToken } from '../api/token'
import type { CurrentUser } from '../api/types'
import { useTagsStore } from '../layout/tags-view/tagsStore'

/**
 * Logout (spec 002 §4): the server logout with the refresh token and its revocation, then the
 * tokens, user, tabs, routes and permissions are cleared and the browser goes to /login.
 */
export async function logout(): Promise<void> {
  const refreshToken = getToken()?.refreshToken
  try {
    if (!refreshToken) throw new Error('token is undefined')
    await serverLogout(refreshToken).catch((e: unknown) => console.warn('server logout failed', e))
    await revokeToken(refreshToken)
  } catch (e) {
    console.error(e)
  }
  // A full page load to /login follows: no re-render in between (the route guard would
  // otherwise send the user to /login?redirect=… first).
  clearToken({ silent: true })
  writeLocal(STORAGE_KEYS.impersonating, null)
  // Tabs, routes, permissions and server data live in memory only: the page load drops them.
  window.location.replace('/login')
}

/**
 * Log in on behalf of a user (by UserId) or as a tenant's administrator (by TenantId): for the
 * user and tenant administration screens. The local flag records the state; the page reloads.
 */
export async function startImpersonation(target: { userId?: string; tenantId?: string }, qc: QueryClient): Promise<void> {
  const token = getToken()
  if (!token) throw new Error('token is undefined')
  const fields: Record<string, string> = { grant_type: 'Impersonation', access_token: token.accessToken }
  if (target.userId) fields.UserId = target.userId
  if (target.tenantId) fields.TenantId = target.tenantId
  const answer = await requestToken(fields, { tenant: null })
  writeLocal(STORAGE_KEYS.impersonating, '1')
  setToken(answer)
  useTagsStore.getState().reset()
  qc.clear()
  window.location.assign('/dashboard')
}

/** Whether the user is logged in by an administrator on their behalf. */
export function isImpersonating(user: CurrentUser | undefined): boolean {
  return !!user?.impersonatorUserId
}

/** The local flag set when impersonation started in this browser. */
export function impersonationFlag(): boolean {
  return readLocal(STORAGE_KEYS.impersonating) === '1'
}

/**
 * Go back to my account (spec 000 §4): the Impersonation grant back to the impersonator, then the
 * stored tenant and the flag are cleared, configuration and menu dropped, and the page reloads.
 */
export async function backToMyAccount(user: CurrentUser, qc: QueryClient): Promise<void> {
  const token = getToken()
  if (!token || !user.impersonatorUserId) return
  const answer = await impersonationGrant(token.accessToken, user.impersonatorUserId, user.impersonatorTenantId)
  setTenant(null)
  writeLocal(STORAGE_KEYS.impersonating, null)
  setToken(answer)
  useTagsStore.getState().reset()
  qc.clear()
  window.location.assign('/dashboard')
}
