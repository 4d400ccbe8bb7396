// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_RETRY_MS, HubRegistry, RETRY_MS, hubUrl, reconnectPolicy, retryDelay, type HubConnectionLike } from './realtime'
import { clearToken, setTenant, setToken } from './token'
import { STORAGE_KEYS, writeLocal } from './storage'

/** A stand-in for SignalR's HubConnection: start answers what the test queues. */
class FakeConnection {
  state = 'Disconnected'
  starts = 0
  stops = 0
  constructor(private readonly outcomes: ('ok' | 'fail')[]) {}
  handlers = new Map<string, (...args: unknown[]) => void>()
  closeCb: ((e?: Error) => void) | null = null
  reconnectedCb: (() => void) | null = null
  invoked: [string, unknown[]][] = []

  start = async () => {
    this.starts++
    if ((this.outcomes.shift() ?? 'ok') === 'fail') throw new Error('refused')
    this.state = 'Connected'
  }
  stop = async () => {
    this.stops++
    this.state = 'Disconnected'
  }
  on = (m: string, h: (...args: unknown[]) => void) => void this.handlers.set(m, h)
  off = () => undefined
  invoke = async (m: string, ...args: unknown[]) => {
    this.invoked.push([m, args])
    return 'done'
  }
  onclose = (cb: (e?: Error) => void) => void (this.closeCb = cb)
  onreconnecting = () => undefined
  onreconnected = (cb: () => void) => void (this.reconnectedCb = cb)
}

function setup(outcomes: ('ok' | 'fail')[] = []) {
  const built: FakeConnection[] = []
  const registry = new HubRegistry(() => {
    const c = new FakeConnection(outcomes)
    built.push(c)
    return c as unknown as HubConnectionLike
  })
  return { registry, built }
}

const login = () => setToken({ access_token: 'abc', token_type: 'Bearer', expires_in: 3600 })

describe('realtime retry policy (spec 000 §8, §9; 002 §9)', () => {
  it('retries first after 5 seconds, then every 60 seconds, forever', () => {
    expect(FIRST_RETRY_MS).toBe(5_000)
    expect(RETRY_MS).toBe(60_000)
    expect([0, 1, 2, 10, 1000].map(retryDelay)).toEqual([5_000, 60_000, 60_000, 60_000, 60_000])
    for (const n of [0, 1, 50, 10_000])
      expect(reconnectPolicy.nextRetryDelayInMilliseconds({ previousRetryCount: n, elapsedMilliseconds: n * 60_000, retryReason: new Error('x') })).not.toBeNull()
  })
})

describe('hub address', () => {
  afterEach(() => localStorage.clear())
  it('is /signalr-hubs/{name} on the API base, with the chosen tenant', () => {
    expect(hubUrl('notifications')).toBe('/signalr-hubs/notifications')
    writeLocal(STORAGE_KEYS.apiBase, 'https://api.example.com/')
    setTenant('acme co')
    expect(hubUrl('messages')).toBe('https://api.example.com/signalr-hubs/messages?__tenant=acme%20co')
    setTenant(null)
  })
})

describe('hub connections', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => {
    clearToken()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('does not start without a token, and starts at login', async () => {
    clearToken()
    const { registry, built } = setup()
    const release = registry.hub('notifications').acquire()
    expect(built).toHaveLength(0)
    login()
    await vi.advanceTimersByTimeAsync(0)
    expect(built).toHaveLength(1)
    expect(built[0].starts).toBe(1)
    expect(registry.hub('notifications').getStatus()).toBe('connected')
    release()
    expect(built[0].stops).toBe(1)
  })

  it('retries a failed start after 5 s, then every 60 s', async () => {
    login()
    const { registry, built } = setup(['fail', 'fail', 'fail', 'ok'])
    const hub = registry.hub('notifications')
    hub.acquire()
    await vi.advanceTimersByTimeAsync(0)
    expect(built.length).toBe(1)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(built.length).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(built.length).toBe(2)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(built.length).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(built.length).toBe(3)
    expect(hub.getStatus()).toBe('disconnected')
    await vi.advanceTimersByTimeAsync(RETRY_MS)
    expect(built.length).toBe(4)
    expect(hub.getStatus()).toBe('connected')
  })

  it('stops at logout and gives no retries without a token', async () => {
    login()
    const { registry, built } = setup(['fail'])
    const hub = registry.hub('messages')
    hub.acquire()
    await vi.advanceTimersByTimeAsync(0)
    clearToken()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(built.length).toBe(1)
    expect(hub.getStatus()).toBe('disconnected')
  })

  it('is shared by its users and stops when the last goes', async () => {
    login()
    const { registry, built } = setup()
    const a = registry.hub('messages').acquire()
    const b = registry.hub('messages').acquire()
    await vi.advanceTimersByTimeAsync(0)
    expect(built.length).toBe(1)
    a()
    expect(built[0].stops).toBe(0)
    b()
    expect(built[0].stops).toBe(1)
  })

  it('delivers server calls to the handlers, invokes methods, and reports reconnects', async () => {
    login()
    const { registry, built } = setup()
    const hub = registry.hub('notifications')
    const got: unknown[] = []
    hub.on('get-notification', ((n: unknown) => got.push(n)) as never)
    hub.acquire()
    await vi.advanceTimersByTimeAsync(0)
    built[0].handlers.get('get-notification')?.({ id: '1' })
    expect(got).toEqual([{ id: '1' }])
    await expect(hub.invoke('ChangeState', '1', 0)).resolves.toBe('done')
    expect(built[0].invoked).toEqual([['ChangeState', ['1', 0]]])
    let reconnected = 0
    hub.onReconnected(() => reconnected++)
    built[0].reconnectedCb?.()
    expect(reconnected).toBe(1)
    // Closed for good (e.g. forced offline): a new connection 5 s later, which counts as a reconnect.
    built[0].closeCb?.(new Error('closed'))
    expect(hub.getStatus()).toBe('disconnected')
    await expect(hub.invoke('ChangeState', '1', 0)).rejects.toThrow(/not connected/)
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS)
    expect(built.length).toBe(2)
    built[1].handlers.get('get-notification')?.({ id: '2' })
    expect(got).toEqual([{ id: '1' }, { id: '2' }])
    expect(reconnected).toBe(2)
  })

  it('does not retry after the server closed the connection for good, until the next login', async () => {
    login()
    const { registry, built } = setup()
    const hub = registry.hub('notifications')
    hub.acquire()
    await vi.advanceTimersByTimeAsync(0)
    built[0].closeCb?.(new Error('Server returned an error on close: Connection closed with an error. The user was signed out.'))
    await vi.advanceTimersByTimeAsync(5 * RETRY_MS)
    expect(built.length).toBe(1)
    expect(hub.getStatus()).toBe('disconnected')
    login()
    await vi.advanceTimersByTimeAsync(0)
    expect(built.length).toBe(2)
    expect(hub.getStatus()).toBe('connected')
  })
})
