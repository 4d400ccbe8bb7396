import { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, Button, Card, Empty, Flex } from 'antd'
import { UserAddOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageContainer, useAppConfig } from '../../components'
import {
  PULL_DELAY_MS,
  addToConversation,
  applyToContacts,
  chatKeys,
  markConversationRead,
  peerOf,
  uploadChatFile,
  useContacts,
  type ChatMessage,
  type Contact,
} from './api'
import { useChatEvent, useChatHub, useChatReconnected } from './hub'
import { useChatUi } from './store'
import { AddFriendDialog } from './components/AddFriendDialog'
import { ContactList } from './components/ContactList'
import { Conversation, type PendingMessage } from './components/Conversation'
import { FriendRequests } from './components/FriendRequests'
import { FriendValidationPrompt } from './components/FriendValidationPrompt'

let localSeq = 0

/**
 * The chat (spec 002 §2.5, §4, §7.8; decision 0015 "Chat"): contacts, friend requests and the
 * add-friend search at the left, the conversation with the chosen contact at the right.
 */
export function ChatPage() {
  const { t } = useTranslation('chat')
  const qc = useQueryClient()
  const me = useAppConfig().data?.currentUser?.id
  const contacts = useContacts()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const [pending, setPending] = useState<PendingMessage[]>([])
  const setOpenPeer = useChatUi((s) => s.setOpenPeer)
  const pushValidation = useChatUi((s) => s.pushValidation)
  const promptHere = useChatUi((s) => s.navEntries === 0)
  const { status: hubStatus, send: sendMessage } = useChatHub()
  const selected = contacts.data?.find((c) => c.id === selectedId) ?? null

  // The open conversation does not raise its contact's unread count.
  useEffect(() => {
    setOpenPeer(selectedId)
    return () => setOpenPeer(null)
  }, [selectedId, setOpenPeer])

  const select = (c: Contact) => {
    // Unread messages came after the cached pages: read them again (which marks them read).
    if (c.unread > 0) void qc.invalidateQueries({ queryKey: chatKeys.messages(c.id), refetchType: 'none' })
    setSelectedId(c.id)
  }

  const onIncoming = useCallback(
    (m: ChatMessage) => {
      const open = useChatUi.getState().openPeerId
      applyToContacts(qc, m, me, open)
      const peer = peerOf(m, me)
      if (m.formUserId === me) {
        // Our own message may be pushed back before the hub answers its send: it is stored, so
        // the pending copy goes (the answer then finds it in the conversation already).
        setPending((list) => {
          const i = list.findIndex((p) => p.status === 'going' && p.out.toUserId === m.toUserId && p.out.content === m.content && p.out.messageType === m.messageType)
          return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)]
        })
      }
      if (peer === open) {
        if (!addToConversation(qc, peer, m)) void qc.invalidateQueries({ queryKey: chatKeys.messages(peer) })
        if (m.formUserId !== me) setTimeout(() => void markConversationRead(peer), PULL_DELAY_MS)
      } else void qc.invalidateQueries({ queryKey: chatKeys.messages(peer), refetchType: 'none' })
    },
    [qc, me],
  )
  useChatEvent('getChatMessage', onIncoming)
  useChatEvent('friendValidation', (r) => {
    pushValidation(r)
    void qc.invalidateQueries({ queryKey: chatKeys.requests })
  })
  useChatEvent('friendAdded', () => void qc.invalidateQueries({ queryKey: chatKeys.contacts }))
  useChatReconnected(() => {
    void qc.invalidateQueries({ queryKey: chatKeys.contacts })
    void qc.invalidateQueries({ queryKey: chatKeys.requests })
    const open = useChatUi.getState().openPeerId
    if (open) void qc.invalidateQueries({ queryKey: chatKeys.messages(open) })
  })

  const update = (localId: string, patch: Partial<PendingMessage>) =>
    setPending((list) => list.map((p) => (p.localId === localId ? { ...p, ...patch } : p)))

  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => void (alive.current = false)
  }, [])

  const deliver = async (p: PendingMessage) => {
    update(p.localId, { status: 'going' })
    try {
      let out = p.out
      if (p.file && !out.content) {
        const f = await uploadChatFile(p.file)
        out = { ...out, content: f.name }
        update(p.localId, { out })
      }
      const stored = await sendMessage(out)
      setPending((list) => list.filter((x) => x.localId !== p.localId))
      applyToContacts(qc, stored, me, useChatUi.getState().openPeerId)
      if (!addToConversation(qc, out.toUserId, stored)) void qc.invalidateQueries({ queryKey: chatKeys.messages(out.toUserId) })
    } catch {
      if (alive.current) update(p.localId, { status: 'failed' })
    }
  }

  const send = (to: Contact, m: { content: string; messageType: ChatMessage['messageType']; isAnonymous: boolean; file?: File }) => {
    const p: PendingMessage = {
      localId: `local-${++localSeq}`,
      out: { toUserId: to.id, content: m.content, messageType: m.messageType, isAnonymous: m.isAnonymous },
      status: 'going',
      sendTime: new Date().toISOString(),
      file: m.file,
    }
    setPending((list) => [...list, p])
    void deliver(p)
  }

  return (
    <PageContainer card={false} title={t('title')}>
      {hubStatus === 'connected' ? null : (
        <Alert
          type={hubStatus === 'disconnected' ? 'warning' : 'info'}
          showIcon
          title={hubStatus === 'disconnected' ? t('hub.disconnected') : t('hub.connecting')}
          style={{ marginBottom: 8 }}
          data-testid="chat-hub-status"
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex gap={12} className="kerf-chat" style={{ height: 'calc(100vh - 230px)', minHeight: 420 }} data-testid="chat-page">
          <Flex vertical gap={8} style={{ width: 300, flex: 'none', minHeight: 0 }}>
            <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="add-friend">
              {t('addFriend')}
            </Button>
            <FriendRequests />
            <ContactList selectedId={selectedId} onSelect={select} />
          </Flex>
          <div style={{ flex: 1, minWidth: 0, minHeight: 0, borderLeft: '1px solid rgba(5,5,5,0.06)', paddingLeft: 12 }}>
            {selected ? (
              <Conversation
                key={selected.id}
                contact={selected}
                me={me}
                pending={pending.filter((p) => p.out.toUserId === selected.id)}
                onSend={(m) => send(selected, m)}
                onResend={(p) => void deliver(p)}
              />
            ) : (
              <Flex align="center" justify="center" style={{ height: '100%' }}>
                <Empty description={t('selectContact')} data-testid="chat-no-conversation" />
              </Flex>
            )}
          </div>
        </Flex>
      </Card>
      <AddFriendDialog open={adding} onClose={() => setAdding(false)} me={me} />
      {promptHere ? <FriendValidationPrompt /> : null}
    </PageContainer>
  )
}
