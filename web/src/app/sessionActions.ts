import type { QueryClient } from '@tanstack/react-query'
import { impersonationGrant, revokeToken } from '../api/oauth'
import { serverLogout } from '../api/session'
import { STORAGE_KEYS, writeLocal } from '../api/storage'
import { clearToken, getToken, setTenant, setToken } from '../api/token'
import type { CurrentUser } from '../api/types'
import { useTagsStore } from '../layout/tags-view/tagsStore'

/**
 * Logout (spec 002 §4): the server logout with the refresh token and its revocation, then the
 * tokens, user, tabs, routes and permissions are cleared and the browser goes to /login.
 */
export async function logout(qc: QueryClient): Promise<void> {
  const refreshToken = getToken()?.refreshToken
  try {
    if (!refreshToken) throw new Error('token is undefined')
    await serverLogout(refreshToken).catch((e: unknown) => console.warn('server logout failed', e))
    await revokeToken(refreshToken)
  } catch (e) {
    console.error(e)
  }
  clearToken()
  writeLocal(STORAGE_KEYS.impersonating, null)
  useTagsStore.getState().reset()
  qc.clear()
  window.location.assign('/login')
}

/** Whether the user is logged in by an administrator on their behalf. */
export function isImpersonating(user: CurrentUser | undefined): boolean {
  return !!user?.impersonatorUserId
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
