/** Routes that need no login (spec 002 §2.1). */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/register', '/reset-password', '/jsoncheck/showModel', '/ixcheck/showModel']

export function isPublicPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return PUBLIC_PATHS.includes(p)
}

/** The login address that brings the user back to `path` afterwards. */
export function loginUrl(path: string): string {
  return path && path !== '/' ? `/login?redirect=${encodeURIComponent(path)}` : '/login'
}

/** A redirect target from the query, only when it is a path of this application. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/'
  if (target === '/login' || target.startsWith('/login?')) return '/'
  return target
}

export type GuardDecision = { kind: 'render-public' } | { kind: 'redirect'; to: string } | { kind: 'render-app' }

/**
 * The route guard's decision for a location (spec 002 §2.1): public routes render; a logged-in
 * user opening /login goes to / (or the redirect it carries); without a token every other path
 * goes to /login with the wanted path; with one the application renders.
 */
export function decide(pathname: string, search: string, hasToken: boolean): GuardDecision {
  if (isPublicPath(pathname)) {
    if (pathname.replace(/\/+$/, '') === '/login' && hasToken) {
      return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) }
    }
    return { kind: 'render-public' }
  }
  if (!hasToken) return { kind: 'redirect', to: loginUrl(pathname + search) }
  return { kind: 'render-app' }
}
