// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { codeToSend, deviceKey, DEVICE_KEY, PENDING_MS, readRedirectQuery, rememberPending, takePending } from './flow'

describe('the WeChat redirect flow', () => {
  beforeEach(() => localStorage.clear())

  it('gives development codes this browser’s device key, kept across calls, and leaves WeChat’s codes alone', () => {
    const sent = codeToSend('dev-0a1b')
    const key = localStorage.getItem(DEVICE_KEY)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(sent).toBe(`dev-0a1b.${key}`)
    expect(deviceKey()).toBe(key)
    expect(codeToSend('021Xyz')).toBe('021Xyz')
    expect(codeToSend(`dev-0a1b.${key}`)).toBe(`dev-0a1b.${key}`)
  })

  it('remembers a QR code’s purpose once, only for a while, and only paths of this application', () => {
    rememberPending({ state: 'S1', purpose: 'bind', returnTo: '/sales/orders?x=1' }, 1000)
    rememberPending({ state: 'S2', purpose: 'login', returnTo: 'https://evil.example.com/' }, 1000)
    expect(takePending('S1', 2000)).toEqual({ state: 'S1', purpose: 'bind', returnTo: '/sales/orders?x=1' })
    expect(takePending('S1', 2000)).toBeNull()
    expect(takePending('S2', 2000)?.returnTo).toBe('/')
    rememberPending({ state: 'S3', purpose: 'login', returnTo: '/dashboard' }, 1000)
    expect(takePending('S3', 1000 + PENDING_MS + 1)).toBeNull()
  })

  it('reads the code and state of the redirect', () => {
    expect(readRedirectQuery('?code=dev-1&state=ABC')).toEqual({ code: 'dev-1', state: 'ABC' })
    expect(readRedirectQuery('?code=dev-1')).toEqual({ error: 'missing' })
    expect(readRedirectQuery('')).toEqual({ error: 'missing' })
  })
})
