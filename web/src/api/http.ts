import { errorToMessage, type FailedRequest } from './errors'
import { toAcceptLanguage } from './language'
import { refreshGrant } from './oauth'
import { currentLanguage, notify, sessionExpired, translate } from './runtime'
import { readLocal, STORAGE_KEYS } from './storage'
import { clearToken, getAuthorization, getTenant, getToken, setToken } from './token'

/** Constants of spec 002 §9. */
export const DEFAULT_TIMEOUT_MS = 30_000
export const BLOB_DOWNLOAD_TIMEOUT_MS = 3_600_000
export const BLOB_EXPORT_TIMEOUT_MS = 6_000_000
export const NOTIFICATION_SECONDS = 5

let timeoutMs = DEFAULT_TIMEOUT_MS

/** Applies the `BasicSetup.HttpTimeoutPeriod` setting (seconds, minimum 30). */
export function setHttpTimeoutSeconds(value: unknown): number {
  const seconds = Number(value)
  timeoutMs = Number.isFinite(seconds) && seconds > 30 ? seconds * 1000 : DEFAULT_TIMEOUT_MS
  return timeoutMs
}

export function httpTimeoutMs(): number {
  return timeoutMs
}

export type Params = Record<string, unknown>

export interface RequestOptions {
  params?: Params
  headers?: Record<string, string>
  /** Milliseconds; defaults to the configured request timeout. */
  timeout?: number
  /** Do not show the error notification (the caller handles the error). */
  silent?: boolean
  signal?: AbortSignal
}

/** A failed request. `status` is undefined when no response came back. */
export class HttpError extends Error {
  status?: number
  data?: unknown
  timeout: boolean
  constructor(message: string, req: FailedRequest) {
    super(message)
    this.status = req.status
    this.data = req.data
    this.timeout = !!req.timeout
  }
}

/** Base address: from local storage when set (spec 002 §7.13), else same origin. */
export function apiBase(): string {
  return (readLocal(STORAGE_KEYS.apiBase) ?? '').replace(/\/+$/, '')
}

/** Query string with ABP conventions: null/undefined dropped, arrays repeated. */
export function buildQuery(params?: Params): string {
  if (!params) return ''
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue
    if (Array.isArray(v)) v.forEach((x) => x !== undefined && x !== null && q.append(k, String(x)))
    else if (v instanceof Date) q.append(k, v.toISOString())
    else q.append(k, String(v))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** Headers every API call carries. */
export function commonHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': toAcceptLanguage(currentLanguage()),
  }
  const auth = getAuthorization()
  if (auth) h.Authorization = auth
  const tenant = getTenant()
  if (tenant) h.__tenant = tenant
  return h
}

let refreshing: Promise<boolean> | null = null

/** One refresh with the stored refresh token; concurrent 401s share it. */
function refreshOnce(): Promise<boolean> {
  if (!refreshing) {
    const rt = getToken()?.refreshToken
    refreshing = (
      rt
        ? refreshGrant(rt).then(
            (r) => {
              setToken(r)
              return true
            },
            () => false,
          )
        : Promise.resolve(false)
    ).finally(() => {
      setTimeout(() => (refreshing = null), 0)
    })
  }
  return refreshing
}

const NETWORK_RELOAD_WINDOW_MS = 10_000

/** A missing response outside login reloads the page, once within a short window. */
function reloadOnceForNetworkError(): boolean {
  if (typeof window === 'undefined') return false
  if (window.location.pathname.startsWith('/login')) return false
  try {
    const last = Number(sessionStorage.getItem(STORAGE_KEYS.lastNetworkReload) ?? 0)
    if (Date.now() - last < NETWORK_RELOAD_WINDOW_MS) return false
    sessionStorage.setItem(STORAGE_KEYS.lastNetworkReload, String(Date.now()))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

function isFormLike(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  )
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const type = res.headers.get('content-type') ?? ''
  const text = await res.text()
  if (!text) return undefined
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

function report(err: HttpError, req: FailedRequest, silent?: boolean): HttpError {
  if (!silent) {
    const m = errorToMessage(req, translate)
    notify({ type: 'error', title: m.title, message: m.message, duration: NOTIFICATION_SECONDS })
  }
  return err
}

interface Raw {
  res: Response
}

async function send(method: string, url: string, body: unknown, opts: RequestOptions, retried = false): Promise<Raw> {
  const headers: Record<string, string> = { ...commonHeaders(), ...(opts.headers ?? {}) }
  let payload: BodyInit | undefined
  if (body !== undefined && body !== null) {
    if (isFormLike(body)) payload = body
    else {
      payload = JSON.stringify(body)
      headers['Content-Type'] = 'application/json'
    }
  }
  const controller = new AbortController()
  let timedOut = false
  const limit = opts.timeout ?? timeoutMs
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, limit)
  const onAbort = () => controller.abort()
  opts.signal?.addEventListener('abort', onAbort)
  const full = (/^https?:/.test(url) ? url : apiBase() + url) + buildQuery(opts.params)
  let res: Response
  try {
    res = await fetch(full, { method, headers, body: payload, signal: controller.signal })
  } catch (e) {
    if (opts.signal?.aborted) throw e
    if (timedOut) {
      const req = { timeout: true }
      throw report(new HttpError(translate('http.timeout'), req), req, opts.silent)
    }
    const req: FailedRequest = {}
    if (reloadOnceForNetworkError()) throw new HttpError(translate('http.network'), req)
    throw report(new HttpError(translate('http.network'), req), req, opts.silent)
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
  if (res.status === 401 && !retried && getToken()) {
    if (await refreshOnce()) return send(method, url, body, opts, true)
    const data = await readBody(res)
    const req: FailedRequest = { status: 401, statusText: res.statusText, data }
    const m = errorToMessage(req, translate)
    clearToken()
    sessionExpired(m.message)
    throw new HttpError(m.message, req)
  }
  if (!res.ok) {
    const data = await readBody(res)
    const req: FailedRequest = { status: res.status, statusText: res.statusText, data }
    const m = errorToMessage(req, translate)
    throw report(new HttpError(m.message, req), req, opts.silent || res.status === 401)
  }
  return { res }
}

async function json<T>(method: string, url: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const { res } = await send(method, url, body, opts)
  return (await readBody(res)) as T
}

export interface BlobResult {
  blob: Blob
  fileName: string | null
}

function fileNameOf(res: Response): string | null {
  const cd = res.headers.get('content-disposition') ?? ''
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(cd)
  if (star) return decodeURIComponent(star[1].replace(/"/g, ''))
  const plain = /filename="?([^";]+)"?/i.exec(cd)
  return plain ? plain[1] : null
}

async function blob(method: string, url: string, body: unknown, opts: RequestOptions): Promise<BlobResult> {
  const { res } = await send(method, url, body, opts)
  return { blob: await res.blob(), fileName: fileNameOf(res) }
}

/** The API client: bearer token, Accept-Language, __tenant, timeouts and error notifications. */
export const http = {
  get: <T>(url: string, opts?: RequestOptions) => json<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => json<T>('POST', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => json<T>('PUT', url, body, opts),
  patch: <T>(url: string, body?: unknown, opts?: RequestOptions) => json<T>('PATCH', url, body, opts),
  delete: <T = void>(url: string, opts?: RequestOptions) => json<T>('DELETE', url, undefined, opts),
  options: <T = void>(url: string, opts?: RequestOptions) => json<T>('OPTIONS', url, undefined, opts),
  /** GET a file (timeout 3,600,000 ms). */
  blob: (url: string, opts?: RequestOptions) =>
    blob('GET', url, undefined, { timeout: BLOB_DOWNLOAD_TIMEOUT_MS, ...opts }),
  /** POST and receive a file, e.g. an export (timeout 6,000,000 ms). */
  blobPost: (url: string, body?: unknown, opts?: RequestOptions) =>
    blob('POST', url, body, { timeout: BLOB_EXPORT_TIMEOUT_MS, ...opts }),
}

/** Saves a downloaded file through the browser. */
export function saveBlob({ blob: b, fileName }: BlobResult, fallbackName = 'download'): void {
  const url = URL.createObjectURL(b)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName ?? fallbackName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
