// Direct import, not the components barrel: the bell's gate is in the shell bundle.
import { Permissions } from '../../api/gen/permissions'

/**
 * Permission names of the notifications (spec 000 §6, decision 0015), from the server's registry
 * (src/api/gen/permissions.ts): the realtime connection, the bell and the page need Client; the
 * broadcast dialog needs Broadcast.
 */
export const NotificationPermissions = {
  /** Opens the realtime notification connection (spec 000 §6). */
  Client: Permissions['Notifications.PushMessages.Client'],
  /** Sends a text to every active user of the tenant. */
  Broadcast: Permissions['Notifications.Broadcast'],
} as const
