import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { toPage, type Page, type PageRequest } from '../../components/data-table/paging'
import { hubConnected, invokeHub } from '../../api/realtime'
import type { ListResult, Schemas, WithNullable } from '../../api/types'

/** Read state (spec 002 §3): Read 0, UnRead 1; -1 selects both in a list. */
export const ReadState = { Read: 0, UnRead: 1, All: -1 } as const
export type ReadStateValue = (typeof ReadState)[keyof typeof ReadState]

/** One of the caller's notifications (GET /api/my-notifilers), the texts in the caller's language. */
export type UserNotification = WithNullable<Schemas['NotificationsUserNotification'], 'data'>

/** Severity (spec 002 §3): Success 0, Info 10, Warn 20, Error 30, Fatal 40. */
export type Severity = UserNotification['severity']

/** A text in both languages, as the hub pushes it. */
export interface LocalText {
  'zh-Hans': string
  en: string
}

/**
 * What the hub's `get-notification` carries: the notification with its texts in the sender's
 * language, and `texts` in both (one message goes to every recipient, whatever their language).
 * The hub's messages are not in the OpenAPI document.
 */
export interface PushedNotification extends UserNotification {
  texts?: { title: LocalText; message: LocalText; description: LocalText }
}

/** A notification kind a user may subscribe to (GET /api/my-notifilers/assignables). */
export type Assignable = Schemas['NotificationsAssignable']

/** Body of POST /api/notifications/broadcast. */
export type BroadcastBody = Schemas['NotificationsBroadcastInput']

/** What a broadcast answers. */
export type BroadcastResult = Schemas['NotificationsBroadcastResult']

/** The hub and its methods (decision 0015 "Notifications"). */
export const NOTIFICATIONS_HUB = 'notifications' as const
export const GET_NOTIFICATION = 'get-notification'
export const CHANGE_STATE = 'ChangeState'

/** The bell lists at most 20 unread notifications (spec 000 §9). */
export const BELL_MAX = 20

const BASE = '/api/my-notifilers'

/** A list request of the page. */
export interface NotificationQuery extends PageRequest {
  readState: ReadStateValue
  filter?: string
}

/** Query keys; everything under `all` is refreshed after a change. */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  lists: ['notifications', 'list'] as const,
  list: (q: NotificationQuery) => ['notifications', 'list', q] as const,
}

/** A page of the caller's notifications, newest first. */
export async function fetchNotifications(q: NotificationQuery, signal?: AbortSignal): Promise<Page<UserNotification>> {
  const params = {
    readState: q.readState,
    skipCount: q.skipCount,
    maxResultCount: q.maxResultCount,
    reverse: true,
    filter: q.filter?.trim() || undefined,
  }
  return toPage(await http.get<ListResult<UserNotification>>(BASE, { params, signal }))
}

/** The bell's list: the newest 20 unread and the count of all unread. */
export const bellQuery = () =>
  queryOptions({
    queryKey: notificationKeys.bell,
    queryFn: ({ signal }) => fetchNotifications({ readState: ReadState.UnRead, skipCount: 0, maxResultCount: BELL_MAX }, signal),
  })

export const notificationListQuery = (q: NotificationQuery) =>
  queryOptions({ queryKey: notificationKeys.list(q), queryFn: ({ signal }) => fetchNotifications(q, signal), placeholderData: keepPreviousData })

/**
 * Sets the read state of one notification: through the hub (spec 000 §4: the state change goes
 * through the real-time channel), or over HTTP while the hub is not connected.
 */
export async function changeState(id: string, state: 0 | 1): Promise<void> {
  if (hubConnected(NOTIFICATIONS_HUB)) {
    await invokeHub(NOTIFICATIONS_HUB, CHANGE_STATE, id, state)
    return
  }
  await http.put<void>(`${BASE}/change-read-state`, { idList: [id], state }, { silent: true })
}

export const markAllState = (state: 0 | 1) => http.put<void>(`${BASE}/mark-all-state`, { state }, { silent: true })
export const deleteNotification = (id: string) => http.delete<void>(`${BASE}/${encodeURIComponent(id)}`, { silent: true })
export const broadcast = (body: BroadcastBody) =>
  http.post<BroadcastResult>('/api/notifications/broadcast', body, { silent: true })

/** The pushed notification in the reader's language (`lang` zh-Hans or en; others read en). */
export function localise(n: PushedNotification, lang: string): UserNotification {
  const { texts, ...rest } = n
  if (!texts) return rest
  const pick = (t: LocalText | undefined, fallback: string) => {
    if (!t) return fallback
    return (lang === 'zh-Hans' ? t['zh-Hans'] : t.en) || fallback
  }
  return {
    ...rest,
    title: pick(texts.title, n.title),
    message: pick(texts.message, n.message),
    description: pick(texts.description, n.description),
  }
}

/**
 * The bell's list after a push: the new one first, at most 20; an OnlyOne notification
 * (lifetime 1) replaces the unread one of its name, as the server did. The count of unread
 * grows by one unless it replaced one (or was already listed).
 */
export function prependPushed(page: Page<UserNotification> | undefined, n: UserNotification): Page<UserNotification> {
  const items = page?.items ?? []
  const replaced = items.some((x) => x.id === n.id || (n.lifetime === 1 && x.name === n.name))
  const rest = items.filter((x) => x.id !== n.id && !(n.lifetime === 1 && x.name === n.name))
  return { items: [n, ...rest].slice(0, BELL_MAX), totalCount: Math.max((page?.totalCount ?? 0) + (replaced ? 0 : 1), 1) }
}

/** The bell's list without notification `id` (read, or deleted). */
export function withoutNotification(page: Page<UserNotification> | undefined, id: string): Page<UserNotification> | undefined {
  if (!page) return page
  const had = page.items.some((x) => x.id === id)
  return had ? { items: page.items.filter((x) => x.id !== id), totalCount: Math.max(page.totalCount - 1, 0) } : page
}

function refreshAll(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: notificationKeys.all })
}

/** The page's and the bell's changes; each refreshes both. */
export function useNotificationMutations() {
  const qc = useQueryClient()
  const setState = useMutation({
    mutationFn: ({ id, state }: { id: string; state: 0 | 1 }) => changeState(id, state),
    onSettled: () => refreshAll(qc),
  })
  const markAll = useMutation({ mutationFn: () => markAllState(ReadState.Read), onSettled: () => refreshAll(qc) })
  const remove = useMutation({ mutationFn: deleteNotification, onSettled: () => refreshAll(qc) })
  const send = useMutation({ mutationFn: broadcast, onSuccess: () => refreshAll(qc) })
  return { setState, markAll, remove, send }
}
