import { describe, expect, it } from 'vitest'
import { decide, isPublicPath, loginUrl, safeRedirect } from './guard'

describe('route guard', () => {
  it('lets public routes through without a token', () => {
    for (const p of ['/login', '/auth-redirect', '/register', '/reset-password', '/jsoncheck/showModel', '/ixcheck/showModel']) {
      expect(isPublicPath(p)).toBe(true)
      expect(decide(p, '', false)).toEqual({ kind: 'render-public' })
    }
  })
  it('sends other paths without a token to login with the wanted path', () => {
    expect(decide('/products/index', '?x=1', false)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fproducts%2Findex%3Fx%3D1' })
    expect(decide('/', '', false)).toEqual({ kind: 'redirect', to: '/login' })
  })
  it('sends a logged-in user opening /login to / or to the redirect it carries', () => {
    expect(decide('/login', '', true)).toEqual({ kind: 'redirect', to: '/' })
    expect(decide('/login', '?redirect=%2Fparts%2Findex', true)).toEqual({ kind: 'redirect', to: '/parts/index' })
  })
  it('renders the application with a token', () => {
    expect(decide('/dashboard', '', true)).toEqual({ kind: 'render-app' })
  })
  it('accepts only local redirect targets', () => {
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect('/login?redirect=/x')).toBe('/')
    expect(safeRedirect('/a/b?c=1')).toBe('/a/b?c=1')
    expect(loginUrl('/a')).toBe('/login?redirect=%2Fa')
  })
})
