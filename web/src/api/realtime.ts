/**
 * Realtime hubs (decision 0015 "Web"): one SignalR `HubConnection` per hub name, shared by every
 * component that uses it.
 *
 * - Address: `{apiBase}/signalr-hubs/{name}` (the same base as the HTTP client; the stored tenant
 *   goes as the `__tenant` query, as browsers' WebSockets send no headers), WebSockets only,
 *   without the negotiate round trip (so a connection never depends on reaching the replica that
 *   negotiated it). The bearer token is read from storage at each (re)connect and sent as the
 *   `access_token` query.
 * - Started only while some component uses the hub and a token is stored (spec 000 §8 "Missing
 *   token: the real-time connection is not started"); stopped when the last user goes or the
 *   token is cleared (logout, expired session), started again on login.
 * - Retries (spec 000 §9, 002 §9): a failed start or a lost connection is retried after
 *   {@link FIRST_RETRY_MS} (5 s), then every {@link RETRY_MS} (60 s), forever — except after the
 *   server closed it without allowing a reconnect (the user was signed out or forced offline):
 *   then it waits for the next login.
 *
 * Components use the hooks:
 *
 * ```tsx
 * // Keep the connection open while this component is mounted (and `enabled` holds).
 * const { state, invoke } = useHub('messages', hasPermission)
 * // Run a handler for each server → client call of a method (the latest handler is used).
 * useHubEvent('messages', 'getChatMessage', (m: ChatMessage) => add(m))
 * // Run after each reconnect (the connection came back after it was lost): reload what may be missed.
 * useHubReconnected('messages', () => void refetchContacts())
 * // Call a hub method and wait for its completion (rejects when not connected).
 * await invoke<ChatMessage>('SendMessage', message)
 * ```
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type RetryContext,
} from '@microsoft/signalr'
import { apiBase } from './http'
import { getTenant, getToken, subscribeToken } from './token'

/** Delay of the first retry after a failed start or a lost connection (spec 000 §8, §9). */
export const FIRST_RETRY_MS = 5_000
/** Delay of every later retry (spec 000 §9, 002 §9: "real-time reconnect delay 60 seconds"). */
export const RETRY_MS = 60_000

/** The hubs the server offers (decision 0015 "The hubs"). */
export type HubName = 'notifications' | 'messages'

/** The connection's state as components see it. */
export type HubStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** Milliseconds to wait before retry number `previousRetryCount + 1`: 5 s, then 60 s forever. */
export function retryDelay(previousRetryCount: number): number {
  return previousRetryCount <= 0 ? FIRST_RETRY_MS : RETRY_MS
}

/** SignalR's retry policy for lost connections: {@link retryDelay}, never giving up. */
export const reconnectPolicy = {
  nextRetryDelayInMilliseconds: (ctx: RetryContext): number => retryDelay(ctx.previousRetryCount),
}

/** The hub's address: `{apiBase}/signalr-hubs/{name}`, with `__tenant` when a tenant is chosen. */
export function hubUrl(name: string): string {
  const tenant = getTenant()
  return `${apiBase()}/signalr-hubs/${name}${tenant ? `?__tenant=${encodeURIComponent(tenant)}` : ''}`
}

/** What the manager needs of a connection (SignalR's `HubConnection`; a fake in tests). */
export type HubConnectionLike = Pick<
  HubConnection,
  'start' | 'stop' | 'on' | 'off' | 'invoke' | 'onclose' | 'onreconnecting' | 'onreconnected' | 'state'
>

function buildConnection(name: string): HubConnectionLike {
  return new HubConnectionBuilder()
    .withUrl(hubUrl(name), {
      accessTokenFactory: () => getToken()?.accessToken ?? '',
      transport: HttpTransportType.WebSockets,
      skipNegotiation: true,
      logger: import.meta.env.MODE === 'test' ? LogLevel.None : LogLevel.Warning,
    })
    .withAutomaticReconnect(reconnectPolicy)
    .build()
}

type Handler = (...args: never[]) => void

/** SignalR's error for a close message with allowReconnect false (a close that allows it reconnects by itself). */
const SERVER_CLOSED = /^Server returned an error on close/

/** One hub: its connection, users, status and the timer of the next start. */
class Hub {
  private conn: HubConnectionLike | null = null
  private users = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private failures = 0
  private everConnected = false
  /** The server closed the connection for good (the user was signed out): wait for a new token. */
  private closedByServer = false
  private status: HubStatus = 'disconnected'
  private readonly statusListeners = new Set<() => void>()
  private readonly reconnectedListeners = new Set<() => void>()
  private readonly handlers = new Map<string, Set<Handler>>()

  constructor(
    private readonly name: string,
    private readonly build: (name: string) => HubConnectionLike,
  ) {}

  getStatus = (): HubStatus => this.status

  subscribeStatus = (l: () => void): (() => void) => {
    this.statusListeners.add(l)
    return () => this.statusListeners.delete(l)
  }

  private setStatus(s: HubStatus) {
    if (s === this.status) return
    this.status = s
    this.statusListeners.forEach((l) => l())
  }

  onReconnected(l: () => void): () => void {
    this.reconnectedListeners.add(l)
    return () => this.reconnectedListeners.delete(l)
  }

  on(method: string, h: Handler): () => void {
    let set = this.handlers.get(method)
    if (!set) {
      set = new Set()
      this.handlers.set(method, set)
      this.conn?.on(method, (...args: unknown[]) => this.dispatch(method, args))
    }
    set.add(h)
    return () => {
      set.delete(h)
    }
  }

  private dispatch(method: string, args: unknown[]) {
    for (const h of this.handlers.get(method) ?? []) (h as (...a: unknown[]) => void)(...args)
  }

  acquire(): () => void {
    this.users++
    this.sync()
    let released = false
    return () => {
      if (released) return
      released = true
      this.users--
      this.sync()
    }
  }

  /** Login, logout or a refreshed token: a connection the server closed for good may start again. */
  tokenChanged() {
    this.closedByServer = false
    this.sync()
  }

  /** Starts or stops the connection as the users and the token require. */
  sync() {
    if (this.users > 0 && getToken()) {
      if (this.closedByServer) return
      if (!this.conn && !this.timer) void this.start()
    } else this.stop()
  }

  private connection(): HubConnectionLike {
    if (this.conn) return this.conn
    const c = this.build(this.name)
    for (const method of this.handlers.keys()) c.on(method, (...args: unknown[]) => this.dispatch(method, args))
    c.onreconnecting(() => this.conn === c && this.setStatus('reconnecting'))
    c.onreconnected(() => {
      if (this.conn !== c) return
      this.setStatus('connected')
      this.reconnectedListeners.forEach((l) => l())
    })
    c.onclose((err) => {
      if (this.conn !== c) return
      // Closed for good (stopped, refused, or the automatic reconnects were given up): start a
      // new connection after the retry delay while it is still wanted.
      this.conn = null
      this.setStatus('disconnected')
      if (err) console.warn(`realtime hub ${this.name} closed`, err)
      // A close message without allowReconnect (decision 0015: the user was signed out): the
      // old token cannot connect again, so wait for a login instead of retrying.
      if (err && SERVER_CLOSED.test(err.message)) {
        this.closedByServer = true
        return
      }
      this.schedule()
    })
    this.conn = c
    return c
  }

  private async start() {
    const c = this.connection()
    this.setStatus('connecting')
    try {
      await c.start()
      if (this.conn !== c) return
      this.failures = 0
      this.setStatus('connected')
      if (this.everConnected) this.reconnectedListeners.forEach((l) => l())
      this.everConnected = true
    } catch (e) {
      if (this.conn !== c) return
      console.warn(`realtime hub ${this.name} failed to connect`, e)
      this.conn = null
      this.setStatus('disconnected')
      this.schedule()
    }
  }

  private schedule() {
    if (this.timer || this.users <= 0 || !getToken()) return
    const delay = retryDelay(this.failures++)
    this.timer = setTimeout(() => {
      this.timer = null
      this.sync()
    }, delay)
  }

  stop() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.failures = 0
    const c = this.conn
    this.conn = null
    this.setStatus('disconnected')
    if (c) void c.stop().catch(() => undefined)
  }

  async invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    const c = this.conn
    if (!c || c.state !== HubConnectionState.Connected) throw new Error(`realtime hub ${this.name} is not connected`)
    return c.invoke<T>(method, ...args)
  }
}

/** The hubs of this page, by name; built by `build` (SignalR's builder unless a test gives another). */
export class HubRegistry {
  private readonly hubs = new Map<string, Hub>()
  private unsubscribe: (() => void) | null = null

  constructor(private readonly build: (name: string) => HubConnectionLike = buildConnection) {}

  hub(name: string): Hub {
    let h = this.hubs.get(name)
    if (!h) {
      h = new Hub(name, this.build)
      this.hubs.set(name, h)
      // Login starts the wanted hubs, logout stops them all.
      this.unsubscribe ??= subscribeToken(() => this.hubs.forEach((x) => x.tokenChanged()))
    }
    return h
  }

  /** Stops every connection (the hubs start again when used with a token). */
  stopAll(): void {
    this.hubs.forEach((h) => h.stop())
  }
}

/** The page's hubs. */
export const hubs = new HubRegistry()

/** Calls a hub method and waits for its completion; rejects when the hub is not connected. */
export function invokeHub<T = unknown>(name: HubName, method: string, ...args: unknown[]): Promise<T> {
  return hubs.hub(name).invoke<T>(method, ...args)
}

/** Whether the hub is connected now. */
export function hubConnected(name: HubName): boolean {
  return hubs.hub(name).getStatus() === 'connected'
}

/**
 * Keeps hub `name` connected while the calling component is mounted and `enabled` is true (e.g.
 * the user holds the hub's permission). Returns the connection's status, re-rendering on changes,
 * and `invoke` to call a hub method (rejects when not connected).
 */
export function useHub(
  name: HubName,
  enabled = true,
): { status: HubStatus; invoke: <T = unknown>(method: string, ...args: unknown[]) => Promise<T> } {
  const hub = hubs.hub(name)
  useEffect(() => (enabled ? hub.acquire() : undefined), [hub, enabled])
  const status = useSyncExternalStore(hub.subscribeStatus, hub.getStatus, hub.getStatus)
  const invoke = useCallback(<T,>(method: string, ...args: unknown[]) => hub.invoke<T>(method, ...args), [hub])
  return { status, invoke }
}

/**
 * Runs `handler` for each server → client call of `method` on hub `name` (while the component is
 * mounted; the latest handler is used, so it need not be memoised). Does not open the connection:
 * pair it with {@link useHub}.
 */
export function useHubEvent<A extends unknown[]>(name: HubName, method: string, handler: (...args: A) => void): void {
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => hubs.hub(name).on(method, ((...args: A) => ref.current(...args)) as unknown as Handler), [name, method])
}

/**
 * Runs `handler` each time hub `name` is connected again after it was lost or failed (SignalR's
 * automatic reconnect, or a new connection after a close): what was pushed meanwhile is missed,
 * so reload it (chat: contacts; notifications: the unread list).
 */
export function useHubReconnected(name: HubName, handler: () => void): void {
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => hubs.hub(name).onReconnected(() => ref.current()), [name])
}
