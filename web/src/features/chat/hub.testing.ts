/**
 * A stand-in for ./hub in unit tests (`vi.mock('./hub', () => import('./hub.testing'))`): pushes
 * come from `fakeHub.emit`, reconnects from `fakeHub.reconnect`, and SendMessage is `fakeHub.send`.
 * Never imported by the app.
 */
import { useEffect, useRef } from 'react'
import { vi } from 'vitest'
import type { ChatMessage, OutgoingMessage } from './api'
import type { ChatEvents } from './hub'

const handlers = new Map<string, Set<(p: unknown) => void>>()
const reconnected = new Set<() => void>()

export const fakeHub = {
  send: vi.fn<(m: OutgoingMessage) => Promise<ChatMessage>>(),
  emit<K extends keyof ChatEvents>(method: K, payload: ChatEvents[K]) {
    handlers.get(method)?.forEach((h) => h(payload))
  },
  reconnect() {
    reconnected.forEach((h) => h())
  },
  reset() {
    fakeHub.send.mockReset()
  },
}

export const CHAT_HUB = 'messages'

export function useChatHub() {
  return { status: 'connected' as const, send: fakeHub.send }
}

export function useChatEvent<K extends keyof ChatEvents>(method: K, handler: (payload: ChatEvents[K]) => void): void {
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => {
    const h = (p: unknown) => ref.current(p as ChatEvents[K])
    let set = handlers.get(method)
    if (!set) handlers.set(method, (set = new Set()))
    set.add(h)
    return () => void set.delete(h)
  }, [method])
}

export function useChatReconnected(handler: () => void): void {
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => {
    const h = () => ref.current()
    reconnected.add(h)
    return () => void reconnected.delete(h)
  }, [])
}
