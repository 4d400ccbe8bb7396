import { lazy, Suspense, useEffect } from 'react'
import { Badge, Button, Tooltip } from 'antd'
import { MessageOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAppConfig } from '../../components/useAppConfig'
import { applyToContacts, chatKeys, unreadTotal, useContacts, peerOf } from './api'
import { useChatEvent, useChatHub, useChatReconnected } from './hub'
import { useChatUi } from './store'
import { CHAT_PATH } from './paths'

const FriendValidationPrompt = lazy(() => import('./components/FriendValidationPrompt').then((m) => ({ default: m.FriendValidationPrompt })))

/** The navbar's chat icon (see ChatNavEntry), loaded lazily with SignalR. */
export function NavEntry() {
  const { t } = useTranslation('chat')
  const qc = useQueryClient()
  const navigate = useNavigate()
  const me = useAppConfig().data?.currentUser?.id
  const contacts = useContacts()
  const mountNavEntry = useChatUi((s) => s.mountNavEntry)
  const pushValidation = useChatUi((s) => s.pushValidation)
  const prompting = useChatUi((s) => s.validations.length > 0)
  useEffect(() => mountNavEntry(), [mountNavEntry])
  useChatHub()

  useChatEvent('getChatMessage', (m) => {
    const open = useChatUi.getState().openPeerId
    applyToContacts(qc, m, me, open)
    if (peerOf(m, me) !== open) void qc.invalidateQueries({ queryKey: chatKeys.messages(peerOf(m, me)), refetchType: 'none' })
  })
  useChatEvent('friendValidation', (r) => {
    pushValidation(r)
    void qc.invalidateQueries({ queryKey: chatKeys.requests })
  })
  useChatEvent('friendAdded', () => void qc.invalidateQueries({ queryKey: chatKeys.contacts }))
  useChatReconnected(() => void qc.invalidateQueries({ queryKey: chatKeys.contacts }))

  const unread = unreadTotal(contacts.data)
  return (
    <>
      <Tooltip title={unread ? t('navUnread', { count: unread }) : t('nav')}>
        <Button type="text" onClick={() => void navigate(CHAT_PATH)} aria-label={t('nav')} data-testid="chat-nav-entry" data-unread={unread}>
          <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
            <MessageOutlined />
          </Badge>
        </Button>
      </Tooltip>
      {prompting ? (
        <Suspense fallback={null}>
          <FriendValidationPrompt />
        </Suspense>
      ) : null}
    </>
  )
}
