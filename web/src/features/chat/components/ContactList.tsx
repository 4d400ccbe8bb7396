import { useMemo, useState } from 'react'
import { Avatar, Badge, Button, Empty, Flex, Input, Result, Spin, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { MessageType, isFileType, useContacts, type Contact } from '../api'
import { initialOf, lastTime } from '../format'

export interface ContactListProps {
  selectedId: string | null
  onSelect: (c: Contact) => void
}

/** The caller's friends: avatar, name, last message and time, unread count; searched by name. */
export function ContactList({ selectedId, onSelect }: ContactListProps) {
  const { t } = useTranslation('chat')
  const contacts = useContacts()
  const { token } = theme.useToken()
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const f = filter.replace(/\s+/g, '').toLowerCase()
    return (contacts.data ?? []).filter((c) => !f || (c.displayName ?? '').toLowerCase().includes(f))
  }, [contacts.data, filter])

  let body: React.ReactNode
  if (contacts.isPending) body = <Spin style={{ display: 'block', margin: 24 }} />
  else if (contacts.isError)
    body = (
      <Result
        status="warning"
        title={t('contactsFailed')}
        extra={<Button onClick={() => void contacts.refetch()}>{t('retry')}</Button>}
        data-testid="chat-contacts-error"
      />
    )
  else if (shown.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter ? t('noMatch') : t('noContacts')} data-testid="chat-contacts-empty" />
  else
    body = shown.map((c) => (
      <Flex
        key={c.id}
        gap={10}
        align="center"
        className={`kerf-chat-contact${c.id === selectedId ? ' is-selected' : ''}`}
        onClick={() => onSelect(c)}
        role="button"
        tabIndex={0}
        onKeyDown={(e) => (e.key === 'Enter' ? onSelect(c) : undefined)}
        style={{
          padding: '8px 10px',
          borderRadius: token.borderRadius,
          cursor: 'pointer',
          background: c.id === selectedId ? token.colorPrimaryBg : undefined,
        }}
        data-testid="chat-contact"
        data-id={c.id}
        data-unread={c.unread}
      >
        <Badge count={c.unread} size="small" overflowCount={99}>
          <Avatar src={c.avatar || undefined}>{initialOf(c.displayName)}</Avatar>
        </Badge>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" gap={6}>
            <Typography.Text strong ellipsis data-testid="chat-contact-name">
              {c.displayName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }} data-testid="chat-contact-time">
              {lastTime(c.lastSendTime)}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }} data-testid="chat-contact-last">
            {c.lastMessageType === MessageType.Image ? t('imageMessage') : isFileType(c.lastMessageType) ? t('fileMessage') : (c.lastContent ?? '')}
          </Typography.Text>
        </div>
      </Flex>
    ))

  return (
    <Flex vertical gap={8} style={{ minHeight: 0, flex: 1 }}>
      <Input.Search allowClear placeholder={t('searchContacts')} onChange={(e) => setFilter(e.target.value)} onSearch={setFilter} data-testid="chat-contact-search" />
      <div style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} data-testid="chat-contacts">
        {body}
      </div>
    </Flex>
  )
}
