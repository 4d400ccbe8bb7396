import { queryOptions, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { http, type BlobResult } from '../../api/http'
import { listParams, toPage, type ListRequest, type Page } from '../../components/data-table/paging'
import type { ListResult, Schemas } from '../../api/types'

// ---------------------------------------------------------------- shapes (decision 0015 "Chat")

/** Message types (spec 002 §3). */
export const MessageType = { Text: 0, Image: 10, Link: 20, Video: 30, Voice: 40, File: 50 } as const satisfies Record<string, ChatMessage['messageType']>
export type MessageTypeValue = ChatMessage['messageType']

/** A chat message (spec 002 §3; `formUser…` spelled as the contract). */
export type ChatMessage = Schemas['ChatChatMessage']

/** What the page sends through the hub's SendMessage (the server fills id, sender, time and state). */
export type OutgoingMessage = Pick<ChatMessage, 'toUserId' | 'content' | 'isAnonymous' | 'messageType'>

/** A friend as the contacts list shows one (GET /api/im/chat/my-contacts). */
export type Contact = Schemas['ChatContact']

/** A friend request waiting for the caller, and the `friendValidation` push. */
export type FriendRequest = Schemas['ChatFriendRequest']

/** A friend (the answer of a confirmation). */
export type Friend = Schemas['ChatFriend']

/** POST /api/im/my-friends/add-request: pending, or friends at once when they had asked the caller. */
export type AddRequestResult = Schemas['ChatAddRequestResult']

/** POST /api/im/chat/files (a multipart handler the OpenAPI document does not describe). */
export interface UploadedFile {
  name: string
  url: string
  size: number
  mimeType: string
  fileName?: string
}

/** A user the add-friend dialog finds (GET /api/identity/users/lookup/search). */
export type UserLookup = Schemas['IdentityUserLookup']

// ---------------------------------------------------------------- constants (spec 002 §9)

/** Messages of a conversation a page. */
export const HISTORY_PAGE_SIZE = 10
/** Users of the add-friend search a page. */
export const USER_SEARCH_PAGE_SIZE = 10
/** Users a row of the add-friend search. */
export const USER_SEARCH_PER_ROW = 3
/** A found user's name is cut after this many characters. */
export const USER_NAME_MAX_CHARS = 7
/** Delay of a pull: a failed history load answers an empty, ended page after it (spec 002 §8). */
export const PULL_DELAY_MS = 1000

// ---------------------------------------------------------------- keys

export const chatKeys = {
  all: ['im'] as const,
  contacts: ['im', 'contacts'] as const,
  requests: ['im', 'friend-requests'] as const,
  messages: (userId: string) => ['im', 'messages', userId] as const,
  users: (q: ListRequest) => ['im', 'user-search', q] as const,
  file: (name: string) => ['im', 'file', name] as const,
}

// ---------------------------------------------------------------- contacts and friends

export async function fetchContacts(signal?: AbortSignal): Promise<Contact[]> {
  const r = await http.get<ListResult<Contact>>('/api/im/chat/my-contacts', { signal })
  return r?.items ?? []
}

export const contactsQuery = () => queryOptions({ queryKey: chatKeys.contacts, queryFn: ({ signal }) => fetchContacts(signal) })

export function useContacts() {
  return useQuery(contactsQuery())
}

/** Whether messages of a type carry an uploaded file (their content is its reference). */
export const isFileType = (type: number | null | undefined) =>
  type === MessageType.Image || type === MessageType.Video || type === MessageType.Voice || type === MessageType.File

/** Unread messages of all conversations. */
export function unreadTotal(contacts: readonly Contact[] | undefined): number {
  return (contacts ?? []).reduce((n, c) => n + (c.unread > 0 ? c.unread : 0), 0)
}

export async function fetchFriendRequests(signal?: AbortSignal): Promise<FriendRequest[]> {
  const r = await http.get<ListResult<FriendRequest>>('/api/im/my-friends/requests', { signal })
  return r?.items ?? []
}

export const friendRequestsQuery = () =>
  queryOptions({ queryKey: chatKeys.requests, queryFn: ({ signal }) => fetchFriendRequests(signal) })

export function useFriendRequests() {
  return useQuery(friendRequestsQuery())
}

export const sendFriendRequest = (body: { friendId: string; remarkName?: string }) =>
  http.post<AddRequestResult>('/api/im/my-friends/add-request', { friendId: body.friendId, remarkName: body.remarkName?.trim() || undefined })

export const acceptFriend = (friendId: string) => http.post<Friend>('/api/im/my-friends', { friendId })

export const refuseFriend = (friendId: string) => http.post<void>('/api/im/my-friends/refuse', { friendId })

export function useFriendMutations() {
  const qc = useQueryClient()
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: chatKeys.requests }), qc.invalidateQueries({ queryKey: chatKeys.contacts })])
  return {
    request: useMutation({ mutationFn: sendFriendRequest, onSuccess: (r) => (r?.added ? refresh() : undefined) }),
    accept: useMutation({ mutationFn: acceptFriend, onSuccess: refresh }),
    refuse: useMutation({ mutationFn: refuseFriend, onSuccess: refresh }),
  }
}

export async function searchUsers(q: ListRequest, signal?: AbortSignal): Promise<Page<UserLookup>> {
  const r = await http.get<ListResult<UserLookup>>('/api/identity/users/lookup/search', { params: listParams(q), signal })
  return toPage(r)
}

export const userSearchQuery = (q: ListRequest) => queryOptions({ queryKey: chatKeys.users(q), queryFn: ({ signal }) => searchUsers(q, signal) })

/** A name cut after USER_NAME_MAX_CHARS characters (by code point), with an ellipsis when cut. */
export function cutName(name: string, max = USER_NAME_MAX_CHARS): string {
  const chars = Array.from(name)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name
}

// ---------------------------------------------------------------- messages

/** One page of a conversation, newest first as the server answers it; `ended` when no older page follows. */
export interface MessagePage extends Page<ChatMessage> {
  ended: boolean
  failed?: boolean
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * One page of the caller's conversation with a user, newest first; reading marks the page's
 * messages to the caller read. A failed load answers an empty, ended page after PULL_DELAY_MS
 * (spec 002 §8); the http client has shown the error.
 */
export async function fetchMessages(receiveUserId: string, skipCount: number, signal?: AbortSignal): Promise<MessagePage> {
  try {
    const r = await http.get<ListResult<ChatMessage>>('/api/im/chat/my-messages', {
      params: { receiveUserId, reverse: true, skipCount, maxResultCount: HISTORY_PAGE_SIZE },
      signal,
    })
    const page = toPage(r)
    return { ...page, ended: page.items.length === 0 || skipCount + page.items.length >= page.totalCount }
  } catch {
    await sleep(PULL_DELAY_MS)
    return { items: [], totalCount: 0, ended: true, failed: true }
  }
}

/** Where the next (older) page starts: every message loaded so far, or undefined at the end. */
export function nextMessageSkip(pages: readonly MessagePage[]): number | undefined {
  const last = pages.at(-1)
  if (!last || last.ended) return undefined
  return pages.reduce((n, p) => n + p.items.length, 0)
}

export const messagesQuery = (userId: string) => ({
  queryKey: chatKeys.messages(userId),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) => fetchMessages(userId, pageParam, signal),
  initialPageParam: 0,
  getNextPageParam: (_last: MessagePage, pages: MessagePage[]) => nextMessageSkip(pages),
})

/** The loaded messages of a conversation, oldest first, each once. */
export function conversationOf(data: InfiniteData<MessagePage> | undefined): ChatMessage[] {
  const seen = new Set<string>()
  const out: ChatMessage[] = []
  for (const p of data?.pages ?? [])
    for (const m of p.items) {
      if (seen.has(m.messageId)) continue
      seen.add(m.messageId)
      out.push(m)
    }
  return out.reverse()
}

/** The user on the other side of a message, seen by `me`. */
export const peerOf = (m: Pick<ChatMessage, 'formUserId' | 'toUserId'>, me: string | null | undefined) =>
  m.formUserId === me ? m.toUserId : m.formUserId

/**
 * Adds a stored message to its conversation's cache (newest first in the first page), once.
 * Returns false when the conversation is not loaded or holds it already.
 */
export function addToConversation(qc: QueryClient, peerId: string, m: ChatMessage): boolean {
  let added = false
  qc.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(peerId), (d) => {
    if (!d || d.pages.length === 0) return d
    if (d.pages.some((p) => p.items.some((x) => x.messageId === m.messageId))) return d
    added = true
    const [first, ...rest] = d.pages
    return { ...d, pages: [{ ...first, items: [m, ...first.items], totalCount: first.totalCount + 1 }, ...rest] }
  })
  return added
}

const applied = new WeakMap<QueryClient, Set<string>>()

/**
 * A message to or from the caller updates its contact's last content and time, and an incoming
 * one raises the unread count unless its conversation is open; each message once, however many
 * listeners see it. An unknown contact (a new friend) reloads the contacts.
 */
export function applyToContacts(qc: QueryClient, m: ChatMessage, me: string | null | undefined, openPeerId: string | null): void {
  let seen = applied.get(qc)
  if (!seen) applied.set(qc, (seen = new Set()))
  if (seen.has(m.messageId)) return
  seen.add(m.messageId)
  const peer = peerOf(m, me)
  const incoming = m.formUserId !== me
  const contacts = qc.getQueryData<Contact[]>(chatKeys.contacts)
  if (!contacts) return
  if (!contacts.some((c) => c.id === peer)) {
    void qc.invalidateQueries({ queryKey: chatKeys.contacts })
    return
  }
  qc.setQueryData<Contact[]>(chatKeys.contacts, (list) =>
    (list ?? []).map((c) =>
      c.id !== peer
        ? c
        : {
            ...c,
            lastContent: m.content,
            lastMessageType: m.messageType,
            lastSendTime: m.sendTime,
            unread: incoming && openPeerId !== peer ? c.unread + 1 : c.unread,
          },
    ),
  )
}

/** Clears a contact's unread count in the cache (its conversation was read). */
export function markContactRead(qc: QueryClient, peerId: string): void {
  qc.setQueryData<Contact[]>(chatKeys.contacts, (list) => list?.map((c) => (c.id === peerId && c.unread ? { ...c, unread: 0 } : c)))
}

// ---------------------------------------------------------------- files

/** POST /api/im/chat/files (multipart): the reference a file message carries. */
export function uploadChatFile(file: File): Promise<UploadedFile> {
  const form = new FormData()
  form.append('file', file, file.name)
  return http.post<UploadedFile>('/api/im/chat/files', form)
}

/** GET /api/im/chat/files/{name} with the caller's token (sender and receiver only). */
export function downloadChatFile(name: string): Promise<BlobResult> {
  return http.blob(`/api/im/chat/files/${encodeURIComponent(name)}`, { silent: true })
}

/**
 * Marks the caller's conversation with a user read: the server does so on reading it, so one
 * message is read (silently; a failure leaves the count for the next read).
 */
export function markConversationRead(receiveUserId: string): Promise<void> {
  return http
    .get('/api/im/chat/my-messages', { params: { receiveUserId, reverse: true, skipCount: 0, maxResultCount: 1 }, silent: true })
    .then(
      () => undefined,
      () => undefined,
    )
}
