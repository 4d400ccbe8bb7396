import { http } from './http'
import { STORAGE_KEYS } from './storage'
import type { ApplicationConfiguration, MenuItem, MyProfile, TenantCheck } from './types'

/** Configuration request timeout (spec 001 §9). */
export const CONFIG_TIMEOUT_MS = 120_000

export function fetchApplicationConfiguration(opts: { silent?: boolean } = {}) {
  return http.get<ApplicationConfiguration>('/api/abp/application-configuration', {
    timeout: CONFIG_TIMEOUT_MS,
    silent: opts.silent,
  })
}

export async function fetchWebMenu(): Promise<MenuItem[]> {
  const r = await http.get<{ items?: MenuItem[] } | MenuItem[]>('/api/menu/getWebMenu', { silent: true })
  return Array.isArray(r) ? r : (r?.items ?? [])
}

export const fetchMyProfile = () => http.get<MyProfile>('/api/identity/my-profile')

export const updateMyProfile = (body: Omit<MyProfile, 'userName'>) =>
  http.put<MyProfile>('/api/identity/my-profile', body, { silent: true })

export const changeMyPassword = (currentPassword: string, newPassword: string) =>
  http.post<void>('/api/identity/my-profile/change-password', { currentPassword, newPassword }, { silent: true })

export const sendSigninCode = (phoneNumber: string) =>
  http.post<void>('/api/account/phone/send-signin-code', { phoneNumber }, { silent: true })

export const checkTenant = () => http.get<TenantCheck>('/api/tenantextend/check-tenant', { silent: true })

export const serverLogout = (refreshToken: string) =>
  http.post<void>(`/api/userlogin/logout/${encodeURIComponent(refreshToken)}`, undefined, { silent: true })

export const GUEST_PERMISSION = 'guest'
export const PERMISSION_RETRY_LIMIT = 30
export const PERMISSION_RETRY_DELAY_MS = 1000

/** Query keys of the session's server data. */
export const sessionKeys = {
  config: ['abp', 'application-configuration'] as const,
  menu: (language: string) => ['menu', 'web', language] as const,
  profile: ['identity', 'my-profile'] as const,
  tenantCheck: ['tenantextend', 'check-tenant'] as const,
}

/** The granted permission names: the true entries of grantedPolicies. */
export function grantedPermissions(config: ApplicationConfiguration | undefined | null): string[] {
  const policies = config?.auth?.grantedPolicies
  if (!policies) return [GUEST_PERMISSION]
  return Object.entries(policies)
    .filter(([, v]) => v === true)
    .map(([k]) => k)
}

let memoryRetries = 0

function retryCount(): number {
  try {
    return Number(sessionStorage.getItem(STORAGE_KEYS.permissionRetries) ?? 0) || 0
  } catch {
    return memoryRetries
  }
}

function setRetryCount(n: number | null): void {
  memoryRetries = n ?? 0
  try {
    if (n === null) sessionStorage.removeItem(STORAGE_KEYS.permissionRetries)
    else sessionStorage.setItem(STORAGE_KEYS.permissionRetries, String(n))
  } catch {
    /* storage unavailable: the in-memory count is used */
  }
}

/**
 * Loads the configuration and its permissions (spec 002 §2.2): a configuration without
 * permissions, or a failure that is not the client's fault (no answer, timeout, 5xx), is retried
 * once a second up to 30 tries, the count kept in session storage; then the guest permission.
 * A 4xx answer fails at once (the route guard sends the user to login).
 */
export async function loadApplicationConfiguration(
  fetcher: () => Promise<ApplicationConfiguration> = () => fetchApplicationConfiguration({ silent: true }),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<ApplicationConfiguration> {
  let lastConfig: ApplicationConfiguration | null = null
  for (;;) {
    let failure: unknown = null
    try {
      const cfg = await fetcher()
      if (cfg?.auth?.grantedPolicies) {
        setRetryCount(null)
        return cfg
      }
      lastConfig = cfg
    } catch (e) {
      const status = (e as { status?: number }).status
      if (status !== undefined && status < 500) throw e
      failure = e
    }
    const n = retryCount() + 1
    setRetryCount(n)
    if (n >= PERMISSION_RETRY_LIMIT) {
      setRetryCount(null)
      if (!lastConfig) throw failure ?? new Error('Has Error')
      return { ...lastConfig, auth: { ...lastConfig.auth, grantedPolicies: { [GUEST_PERMISSION]: true } } }
    }
    await sleep(PERMISSION_RETRY_DELAY_MS)
  }
}
