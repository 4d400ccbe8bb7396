import { readLocal, writeLocal } from '../../api/storage'
import { safeRedirect } from '../../app/guard'
import type { Purpose } from './api'

/**
 * The development provider's QR code carries a code "dev-<random>"; /auth-redirect appends "."
 * and this browser's device key, kept in local storage, so that the simulated WeChat account is
 * this browser's: a binding made here signs in from here only (docs/decisions/0014).
 */
export const DEVICE_KEY = 'kerf.wechatDevDevice'
/** What the page that showed the QR code left for /auth-redirect: purpose and where to go after. */
export const PENDING_KEY = 'kerf.wechatPending'

export const DEV_CODE_PREFIX = 'dev-'

function randomKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** This browser's simulated WeChat account (made once). */
export function deviceKey(): string {
  let key = readLocal(DEVICE_KEY)
  if (!key || key.length < 16) {
    key = randomKey()
    writeLocal(DEVICE_KEY, key)
  }
  return key
}

/** The code to send: a development code gets this browser's device key; WeChat's goes as it is. */
export function codeToSend(code: string): string {
  return code.startsWith(DEV_CODE_PREFIX) && !code.includes('.') ? `${code}.${deviceKey()}` : code
}

export interface Pending {
  state: string
  purpose: Purpose
  /** Where to land afterwards (a path of this application). */
  returnTo: string
}

type Stored = Record<string, { purpose: Purpose; returnTo: string; until: number }>

/** How long a remembered QR code is kept (the server's states live 5 minutes). */
export const PENDING_MS = 10 * 60_000

/**
 * Remembers what a QR code was for, by its state, for /auth-redirect in this browser (any tab:
 * local storage). Entries older than PENDING_MS are dropped.
 */
export function rememberPending(p: Pending, now = Date.now()): void {
  const all = readAll(now)
  all[p.state] = { purpose: p.purpose, returnTo: safeRedirect(p.returnTo), until: now + PENDING_MS }
  writeLocal(PENDING_KEY, JSON.stringify(all))
}

/** What the state was for, and forgets it; null when this browser did not ask for it. */
export function takePending(state: string, now = Date.now()): Pending | null {
  const all = readAll(now)
  const p = all[state]
  delete all[state]
  writeLocal(PENDING_KEY, Object.keys(all).length ? JSON.stringify(all) : null)
  return p ? { state, purpose: p.purpose, returnTo: safeRedirect(p.returnTo) } : null
}

function readAll(now: number): Stored {
  try {
    const v = JSON.parse(readLocal(PENDING_KEY) ?? '{}') as unknown
    if (!v || typeof v !== 'object') return {}
    return Object.fromEntries(Object.entries(v as Stored).filter(([, p]) => p && typeof p.until === 'number' && p.until > now))
  } catch {
    return {}
  }
}

export type RedirectQuery = { code: string; state: string } | { error: 'missing' }

/** The code and state WeChat (or the development QR code) sent to /auth-redirect. */
export function readRedirectQuery(search: string): RedirectQuery {
  const q = new URLSearchParams(search)
  const code = q.get('code')?.trim() ?? ''
  const state = q.get('state')?.trim() ?? ''
  if (!code || !state) return { error: 'missing' }
  return { code, state }
}
