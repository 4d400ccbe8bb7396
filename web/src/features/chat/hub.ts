import { useCallback } from 'react'
import { useHub, useHubEvent, useHubReconnected, type HubStatus } from '../../api/realtime'
import type { ChatMessage, FriendRequest, OutgoingMessage } from './api'

/** The chat's hub (decision 0015): /signalr-hubs/messages. */
export const CHAT_HUB = 'messages'

/** What the server pushes on the chat hub, by method name. */
export interface ChatEvents {
  getChatMessage: ChatMessage
  friendValidation: FriendRequest
  friendAdded: unknown
}

/**
 * Keeps the chat hub connected while the calling component is mounted; `send` is the hub's
 * SendMessage, resolving with the stored message and rejecting when it was not stored (or the
 * hub is not connected).
 */
export function useChatHub(): { status: HubStatus; send: (m: OutgoingMessage) => Promise<ChatMessage> } {
  const { status, invoke } = useHub(CHAT_HUB)
  const send = useCallback((m: OutgoingMessage) => invoke<ChatMessage>('SendMessage', m), [invoke])
  return { status, send }
}

/** Calls handler with each push of `method` while the component is mounted. */
export function useChatEvent<K extends keyof ChatEvents>(method: K, handler: (payload: ChatEvents[K]) => void): void {
  useHubEvent(CHAT_HUB, method, handler)
}

/** Calls handler each time the hub connection comes back after a loss (spec 002 §4: reload the contacts). */
export function useChatReconnected(handler: () => void): void {
  useHubReconnected(CHAT_HUB, handler)
}
