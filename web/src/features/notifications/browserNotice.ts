import type { UserNotification } from './api'

/** Session storage flag: the "allow notifications" warning was shown in this session. */
export const PERMISSION_WARNED_KEY = 'kerf.notificationPermissionWarned'

/** The browser's notification permission, or 'unsupported'. */
export function browserPermission(): NotificationPermission | 'unsupported' {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported'
}

/** Shows n as a browser notification when the user allowed them; true when shown. */
export function showBrowserNotification(n: Pick<UserNotification, 'id' | 'title' | 'message'>): boolean {
  if (browserPermission() !== 'granted') return false
  try {
    new window.Notification(n.title, { body: n.message, tag: n.id })
    return true
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
    return false
  }
}

/**
 * Whether to warn now that notifications are not allowed (spec 000 §8): the browser can show
 * them, the user has not allowed them, and the warning has not been shown in this session.
 * Calling it when it answers true records the warning.
 */
export function takePermissionWarning(): boolean {
  const p = browserPermission()
  if (p === 'granted' || p === 'unsupported') return false
  try {
    if (sessionStorage.getItem(PERMISSION_WARNED_KEY)) return false
    sessionStorage.setItem(PERMISSION_WARNED_KEY, '1')
  } catch {
    // no session storage: warn each time a page is loaded
  }
  return true
}

/** Asks the browser for permission (from a click); answers the new permission. */
export async function requestBrowserPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (browserPermission() === 'unsupported') return 'unsupported'
  return window.Notification.requestPermission()
}
