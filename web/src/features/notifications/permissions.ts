import type { PermissionName } from '../../components'

/**
 * Permission names of the notifications (spec 000 §6, decision 0015): the realtime connection,
 * the bell and the page need Client; the broadcast dialog needs Broadcast.
 */
export const NotificationPermissions = {
  /** Opens the realtime notification connection (spec 000 §6). */
  Client: 'Notifications.PushMessages.Client' as PermissionName,
  /** Sends a text to every active user of the tenant. */
  Broadcast: 'Notifications.Broadcast' as PermissionName,
} as const
