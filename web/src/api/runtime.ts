/**
 * Small runtime hooks the HTTP layer needs from the application without importing it:
 * the current language, the translator and the notifier are installed by the app at start.
 */
import { readLocal, STORAGE_KEYS } from './storage'

export interface Notice {
  type: 'error' | 'warning' | 'info' | 'success'
  title?: string
  message: string
  /** Seconds; 0 keeps it open. */
  duration?: number
  key?: string
}

type Translate = (key: string) => string

const runtime: {
  language: () => string | null
  t: Translate
  notify: (n: Notice) => void
  onSessionExpired: (message: string) => void
} = {
  language: () => readLocal(STORAGE_KEYS.language),
  t: (key) => key,
  notify: (n) => console.error(n.title ?? '', n.message),
  onSessionExpired: () => undefined,
}

export function installRuntime(parts: Partial<typeof runtime>): void {
  Object.assign(runtime, parts)
}

export function currentLanguage(): string | null {
  return runtime.language()
}

export function translate(key: string): string {
  return runtime.t(key)
}

export function notify(n: Notice): void {
  runtime.notify(n)
}

export function sessionExpired(message: string): void {
  runtime.onSessionExpired(message)
}
