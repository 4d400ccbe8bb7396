import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Avatar, Button, Checkbox, Empty, Flex, Input, Spin, Tooltip, Typography, Upload } from 'antd'
import { CheckCircleOutlined, ExclamationCircleFilled, FileAddOutlined, LoadingOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { MessageType, conversationOf, markContactRead, messagesQuery, type ChatMessage, type Contact, type OutgoingMessage } from '../api'
import { initialOf } from '../format'
import { MessageContent } from './MessageContent'

/** Send status of an own message (spec 002 §4). */
export type SendStatus = 'going' | 'succeeded' | 'failed'

/** An own message not stored yet: on its way, or failed (click to resend). */
export interface PendingMessage {
  localId: string
  out: OutgoingMessage
  status: 'going' | 'failed'
  sendTime: string
  /** A file still to upload before the message can go (image or file messages). */
  file?: File
}

export interface ConversationProps {
  contact: Contact
  me: string | null | undefined
  /** The caller's own messages to this contact that are not stored yet. */
  pending: PendingMessage[]
  /** Sends a text, or a file (uploaded first) as an image or file message. */
  onSend: (m: { content: string; messageType: ChatMessage['messageType']; isAnonymous: boolean; file?: File }) => void
  onResend: (p: PendingMessage) => void
}

/** How far from the bottom (px) the list still follows new messages. */
const FOLLOW_PX = 80
/** How close to the top (px) a scroll loads earlier messages. */
const EARLIER_PX = 20

function StatusIcon({ status, onResend }: { status: SendStatus; onResend?: () => void }) {
  const { t } = useTranslation('chat')
  if (status === 'going')
    return (
      <Tooltip title={t('status.going')}>
        <LoadingOutlined className="kerf-chat-status" data-testid="chat-status-going" aria-label={t('status.going')} />
      </Tooltip>
    )
  if (status === 'failed')
    return (
      <Tooltip title={t('status.failed')}>
        <ExclamationCircleFilled
          className="kerf-chat-status is-failed"
          style={{ color: '#ff4d4f', cursor: 'pointer' }}
          role="button"
          aria-label={t('status.failed')}
          onClick={onResend}
          data-testid="chat-status-failed"
        />
      </Tooltip>
    )
  return (
    <Tooltip title={t('status.succeeded')}>
      <CheckCircleOutlined className="kerf-chat-status" style={{ color: '#52c41a' }} aria-label={t('status.succeeded')} data-testid="chat-status-succeeded" />
    </Tooltip>
  )
}

interface Row {
  key: string
  mine: boolean
  message: Pick<ChatMessage, 'content' | 'messageType' | 'sendTime' | 'isAnonymous'> & { formUserName: string | null }
  status?: SendStatus
  pending?: PendingMessage
}

function Bubble({ row, contact, onResend }: { row: Row; contact: Contact; onResend: (p: PendingMessage) => void }) {
  const { t } = useTranslation('chat')
  const m = row.message
  const name = row.mine ? t('me') : m.isAnonymous || !m.formUserName ? (m.isAnonymous ? t('anonymousUser') : contact.displayName) : m.formUserName
  const uploading = row.pending?.file && !row.pending.out.content
  return (
    <Flex gap={8} justify={row.mine ? 'flex-end' : 'flex-start'} className={`kerf-chat-row${row.mine ? ' is-mine' : ''}`} data-testid="chat-message" data-mine={row.mine} data-status={row.status ?? ''}>
      {row.mine ? null : <Avatar src={m.isAnonymous ? undefined : contact.avatar || undefined}>{initialOf(name)}</Avatar>}
      <Flex vertical align={row.mine ? 'flex-end' : 'flex-start'} style={{ maxWidth: '70%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name} · {dayjs(m.sendTime).format('MM-DD HH:mm')}
          {row.mine && m.isAnonymous ? ` · ${t('anonymous')}` : ''}
        </Typography.Text>
        <Flex gap={6} align="center" style={{ flexDirection: row.mine ? 'row-reverse' : 'row' }}>
          <div className="kerf-chat-bubble" style={{ background: row.mine ? '#e6f4ff' : '#f5f5f5', borderRadius: 8, padding: '6px 10px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {uploading ? (
              <Typography.Text>
                {m.messageType === MessageType.Image ? <PictureOutlined /> : <FileAddOutlined />} {row.pending?.file?.name}
              </Typography.Text>
            ) : (
              <MessageContent type={m.messageType} content={m.content} />
            )}
          </div>
          {row.status ? <StatusIcon status={row.status} onResend={row.pending ? () => onResend(row.pending as PendingMessage) : undefined} /> : null}
        </Flex>
      </Flex>
    </Flex>
  )
}

function Composer({ onSend }: { onSend: ConversationProps['onSend'] }) {
  const { t } = useTranslation('chat')
  const [text, setText] = useState('')
  const [anonymous, setAnonymous] = useState(false)
  const submit = () => {
    const content = text.trim()
    if (!content) return
    onSend({ content, messageType: MessageType.Text, isAnonymous: anonymous })
    setText('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }
  const picker = (messageType: ChatMessage['messageType']) => (file: File) => {
    onSend({ content: '', messageType, isAnonymous: anonymous, file })
    return Upload.LIST_IGNORE
  }
  return (
    <Flex vertical gap={6} className="kerf-chat-composer" data-testid="chat-composer">
      <Flex gap={4} align="center">
        <Upload accept="image/*" showUploadList={false} beforeUpload={picker(MessageType.Image)} data-testid="chat-upload-image">
          <Tooltip title={t('image')}>
            <Button type="text" icon={<PictureOutlined />} aria-label={t('image')} data-testid="chat-image-button" />
          </Tooltip>
        </Upload>
        <Upload showUploadList={false} beforeUpload={picker(MessageType.File)} data-testid="chat-upload-file">
          <Tooltip title={t('file')}>
            <Button type="text" icon={<FileAddOutlined />} aria-label={t('file')} data-testid="chat-file-button" />
          </Tooltip>
        </Upload>
        <Tooltip title={t('anonymousHint')}>
          <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} data-testid="chat-anonymous">
            {t('anonymous')}
          </Checkbox>
        </Tooltip>
      </Flex>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('composerPlaceholder')}
        aria-label={t('composerPlaceholder')}
        data-testid="chat-input"
      />
      <Flex justify="flex-end">
        <Button type="primary" icon={<SendOutlined />} disabled={!text.trim()} onClick={submit} data-testid="chat-send">
          {t('send')}
        </Button>
      </Flex>
    </Flex>
  )
}

/** The conversation with one contact: its history (10 a page, newest at the bottom) and the composer. */
export function Conversation({ contact, me, pending, onSend, onResend }: ConversationProps) {
  const { t } = useTranslation('chat')
  const qc = useQueryClient()
  const messages = useInfiniteQuery(messagesQuery(contact.id))
  const list = useRef<HTMLDivElement>(null)
  const follow = useRef(true)
  const restore = useRef<{ height: number; top: number } | null>(null)

  // Reading the conversation marked it read on the server.
  useEffect(() => {
    if (messages.isSuccess && !messages.data.pages[0]?.failed) markContactRead(qc, contact.id)
  }, [messages.isSuccess, messages.dataUpdatedAt, messages.data, qc, contact.id])

  const stored = conversationOf(messages.data)
  const rows: Row[] = [
    ...stored.map((m) => ({ key: m.messageId, mine: m.formUserId === me, message: m, status: m.formUserId === me ? ('succeeded' as const) : undefined })),
    ...pending.map((p) => ({
      key: p.localId,
      mine: true,
      message: { content: p.out.content, messageType: p.out.messageType, sendTime: p.sendTime, isAnonymous: p.out.isAnonymous, formUserName: null },
      status: p.status,
      pending: p,
    })),
  ]
  const pages = messages.data?.pages ?? []
  const ended = !messages.hasNextPage
  const failed = pages.at(-1)?.failed === true

  const loadEarlier = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return
    const el = list.current
    if (el) restore.current = { height: el.scrollHeight, top: el.scrollTop }
    void messages.fetchNextPage()
  }

  useLayoutEffect(() => {
    const el = list.current
    if (!el) return
    if (restore.current) {
      el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top
      restore.current = null
    } else if (follow.current) el.scrollTop = el.scrollHeight
  }, [rows.length, pages.length])

  const onScroll = () => {
    const el = list.current
    if (!el) return
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX
    if (el.scrollTop < EARLIER_PX && el.scrollHeight > el.clientHeight) loadEarlier()
  }

  const send: ConversationProps['onSend'] = (m) => {
    follow.current = true
    onSend(m)
  }

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chat-conversation" data-peer={contact.id}>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }} data-testid="chat-peer-name">
        {contact.displayName}
      </Typography.Title>
      <div ref={list} onScroll={onScroll} className="kerf-chat-messages" style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 4px' }} data-testid="chat-messages">
        {messages.isPending ? (
          <Spin style={{ display: 'block', margin: 24 }} />
        ) : (
          <>
            <Flex justify="center" style={{ marginBottom: 8 }}>
              {messages.isFetchingNextPage ? (
                <Spin size="small" />
              ) : failed ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="chat-load-failed">
                  {t('loadFailed')}
                </Typography.Text>
              ) : ended ? (
                rows.length ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="chat-no-more">
                    {t('noMore')}
                  </Typography.Text>
                ) : null
              ) : (
                <Button size="small" type="link" onClick={loadEarlier} data-testid="load-earlier">
                  {t('loadEarlier')}
                </Button>
              )}
            </Flex>
            {rows.length === 0 && !failed ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="chat-empty" /> : null}
            <Flex vertical gap={10}>
              {rows.map((r) => (
                <Bubble key={r.key} row={r} contact={contact} onResend={onResend} />
              ))}
            </Flex>
          </>
        )}
      </div>
      <Composer key={contact.id} onSend={send} />
    </Flex>
  )
}

