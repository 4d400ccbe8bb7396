import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

class MemoryStorage {
  private m = new Map<string, string>()
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null
  }
  setItem(k: string, v: string) {
    this.m.set(k, v)
  }
  removeItem(k: string) {
    this.m.delete(k)
  }
}

type Call = { url: string; init: RequestInit }

async function load() {
  vi.resetModules()
  ;(globalThis as Record<string, unknown>).localStorage = new MemoryStorage()
  ;(globalThis as Record<string, unknown>).sessionStorage = new MemoryStorage()
  const http = await import('./http')
  const token = await import('./token')
  const runtime = await import('./runtime')
  const notices: unknown[] = []
  const expired = vi.fn()
  runtime.installRuntime({ t: (k) => `t:${k}`, notify: (n) => notices.push(n), onSessionExpired: expired, language: () => 'zh-CN' })
  return { ...http, ...token, notices, expired }
}

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

describe('HTTP client', () => {
  let calls: Call[]
  beforeEach(() => {
    calls = []
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('sends the bearer token, Accept-Language (zh → zh-Hans) and __tenant', async () => {
    const m = await load()
    m.setToken({ access_token: 'A1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'R1' })
    m.setTenant('demo')
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return json(200, { ok: true })
    })
    expect(await m.http.get('/api/x', { params: { a: 1, b: null, c: ['p', 'q'] } })).toEqual({ ok: true })
    const h = calls[0].init.headers as Record<string, string>
    expect(calls[0].url).toBe('/api/x?a=1&c=p&c=q')
    expect(h.Authorization).toBe('Bearer A1')
    expect(h['Accept-Language']).toBe('zh-Hans')
    expect(h.__tenant).toBe('demo')
  })

  it('refreshes once on 401 and repeats the request with the new token', async () => {
    const m = await load()
    m.setToken({ access_token: 'OLD', token_type: 'Bearer', expires_in: 3600, refresh_token: 'R1' })
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      if (url === '/connect/token') {
        expect(String(init.body)).toContain('grant_type=refresh_token')
        expect(String(init.body)).toContain('refresh_token=R1')
        return json(200, { access_token: 'NEW', token_type: 'Bearer', expires_in: 3600, refresh_token: 'R2' })
      }
      const auth = (init.headers as Record<string, string>).Authorization
      return auth === 'Bearer NEW' ? json(200, { fine: 1 }) : json(401, { error: { message: 'expired' } })
    })
    expect(await m.http.get('/api/me')).toEqual({ fine: 1 })
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/connect/token', '/api/me'])
    expect(m.getToken()?.refreshToken).toBe('R2')
    expect(m.notices).toEqual([])
  })

  it('clears the token and ends the session when the refresh fails', async () => {
    const m = await load()
    m.setToken({ access_token: 'OLD', token_type: 'Bearer', expires_in: 3600, refresh_token: 'R1' })
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/connect/token' ? json(400, { error: 'invalid_grant', error_description: 'no' }) : json(401, { error: { message: 'expired' } }),
    )
    await expect(m.http.get('/api/me')).rejects.toMatchObject({ status: 401 })
    expect(m.getToken()).toBeNull()
    expect(m.expired).toHaveBeenCalledWith('expired')
  })

  it('shows the ABP error as a 5-second notification', async () => {
    const m = await load()
    vi.stubGlobal('fetch', async () => json(403, { error: { message: 'Forbidden', details: 'You need X' } }))
    await expect(m.http.delete('/api/y')).rejects.toMatchObject({ status: 403, message: 'You need X' })
    expect(m.notices).toEqual([{ type: 'error', title: 'Forbidden', message: 'You need X', duration: 5 }])
  })

  it('stays silent when asked', async () => {
    const m = await load()
    vi.stubGlobal('fetch', async () => json(500, {}))
    await expect(m.http.get('/api/z', { silent: true })).rejects.toMatchObject({ status: 500 })
    expect(m.notices).toEqual([])
  })

  it('times out after the configured period with 连接超时!!! titled 错误提示', async () => {
    const m = await load()
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    await expect(m.http.get('/api/slow', { timeout: 20 })).rejects.toMatchObject({ timeout: true })
    expect(m.notices).toEqual([{ type: 'error', title: 't:http.timeoutTitle', message: 't:http.timeout', duration: 5 }])
  })

  it('takes the timeout setting in seconds, never below 30', async () => {
    const m = await load()
    expect(m.setHttpTimeoutSeconds('45')).toBe(45_000)
    expect(m.setHttpTimeoutSeconds('10')).toBe(30_000)
    expect(m.setHttpTimeoutSeconds('nonsense')).toBe(30_000)
    expect(m.BLOB_DOWNLOAD_TIMEOUT_MS).toBe(3_600_000)
    expect(m.BLOB_EXPORT_TIMEOUT_MS).toBe(6_000_000)
  })

  it('sends JSON bodies and answers undefined for 204', async () => {
    const m = await load()
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response(null, { status: 204 })
    })
    expect(await m.http.post('/api/p', { a: 1 })).toBeUndefined()
    expect(calls[0].init.body).toBe('{"a":1}')
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })
})
