import { lazy, Suspense } from 'react'
import { Button } from 'antd'
import { MessageOutlined } from '@ant-design/icons'

const NavEntry = lazy(() => import('./NavEntry').then((m) => ({ default: m.NavEntry })))

/**
 * The navbar's chat icon (decision 0015 "Web"): the unread count of every conversation (from
 * the contacts, raised by pushes, reloaded on reconnect), a click opens the chat page; a friend
 * request pushed to the user opens the validation prompt on whatever page they are. This file
 * is in the shell bundle: the entry, its texts and SignalR load lazily.
 */
export function ChatNavEntry() {
  return (
    <Suspense fallback={<Button type="text" icon={<MessageOutlined />} disabled aria-hidden />}>
      <NavEntry />
    </Suspense>
  )
}
