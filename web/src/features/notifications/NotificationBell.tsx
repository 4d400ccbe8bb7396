import { lazy, Suspense } from 'react'
import { Button } from 'antd'
import { BellOutlined } from '@ant-design/icons'
// Direct imports, not the components barrel: this file is in the shell bundle (scripts/postbuild.mjs budget).
import { usePermission } from '../../components/usePermission'
import { NotificationPermissions } from './permissions'

const Bell = lazy(() => import('./Bell').then((m) => ({ default: m.Bell })))

/**
 * The navbar's notification bell (spec 000 §2, §4, §8, §9; decision 0015 "Web"), shown to users
 * holding Notifications.PushMessages.Client: the unread count, a list of the newest 20 unread
 * (a click marks one read through the hub and removes it), new ones pushed by the hub at the top
 * and shown by the browser when allowed (else a persistent warning asks to allow them, once a
 * session), and a link to the notifications page. The bell, its texts and SignalR load lazily.
 */
export function NotificationBell() {
  const { has } = usePermission()
  if (!has(NotificationPermissions.Client)) return null
  return (
    <Suspense fallback={<Button type="text" icon={<BellOutlined />} disabled aria-hidden />}>
      <Bell />
    </Suspense>
  )
}
