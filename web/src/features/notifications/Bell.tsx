import { useState } from 'react'
import { Link } from 'react-router'
import { Alert, App, Badge, Button, Empty, Flex, Popover, Spin, Tooltip, Typography } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { useHub, useHubEvent, useHubReconnected } from '../../api/realtime'
import {
  GET_NOTIFICATION,
  NOTIFICATIONS_HUB,
  ReadState,
  bellQuery,
  changeState,
  localise,
  notificationKeys,
  prependPushed,
  withoutNotification,
  type PushedNotification,
  type UserNotification,
} from './api'
import { requestBrowserPermission, showBrowserNotification, takePermissionWarning, browserPermission } from './browserNotice'
import { NOTIFICATIONS_PATH } from './paths'
import { SEVERITY_COLOURS, severityKind } from './severity'

const WARNING_KEY = 'kerf-notification-permission'

function Entry({ n, onRead }: { n: UserNotification; onRead: (n: UserNotification) => void }) {
  const kind = severityKind(n.severity)
  return (
    <div
      role="button"
      tabIndex={0}
      className="kerf-notification-entry"
      onClick={() => onRead(n)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onRead(n)}
      data-testid="notification-entry"
      data-id={n.id}
      data-severity={kind}
      style={{ display: 'flex', gap: 8, padding: '8px 12px', cursor: 'pointer', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <span
        data-testid="notification-severity"
        style={{ flex: 'none', width: 8, height: 8, marginTop: 7, borderRadius: '50%', background: SEVERITY_COLOURS[kind] }}
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong ellipsis style={{ display: 'block', color: SEVERITY_COLOURS[kind] }} data-testid="notification-title">
          {n.title}
        </Typography.Text>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
          {n.message}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dayjs(n.creationTime).format('YYYY-MM-DD HH:mm')}
        </Typography.Text>
      </div>
    </div>
  )
}

/** The bell itself (loaded lazily with SignalR by NotificationBell, out of the shell bundle). */
export function Bell() {
  const { t, i18n } = useTranslation('notifications')
  const { message, notification } = App.useApp()
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  useHub(NOTIFICATIONS_HUB)
  const bell = useQuery(bellQuery())

  const warnNotAllowed = () => {
    const canAsk = browserPermission() === 'default'
    notification.warning({
      key: WARNING_KEY,
      title: t('permission.title'),
      description: canAsk ? t('permission.ask') : t('permission.blocked'),
      duration: 0,
      // Not over the navbar's bell, which the user is about to use.
      placement: 'bottomRight',
      actions: canAsk ? (
        <Button
          type="primary"
          size="small"
          data-testid="notification-allow"
          onClick={() => {
            void requestBrowserPermission().finally(() => notification.destroy(WARNING_KEY))
          }}
        >
          {t('permission.allow')}
        </Button>
      ) : undefined,
    })
  }

  useHubEvent(NOTIFICATIONS_HUB, GET_NOTIFICATION, (pushed: PushedNotification) => {
    if (!pushed?.id) return
    const n = localise(pushed, i18n.language)
    if (n.state === ReadState.Read) return
    qc.setQueryData(notificationKeys.bell, (page: ReturnType<typeof prependPushed> | undefined) => prependPushed(page, n))
    void qc.invalidateQueries({ queryKey: notificationKeys.lists })
    if (!showBrowserNotification(n) && takePermissionWarning()) warnNotAllowed()
  })
  // Pushes sent while the connection was down are missed: read the list again.
  useHubReconnected(NOTIFICATIONS_HUB, () => void qc.invalidateQueries({ queryKey: notificationKeys.all }))

  const read = async (n: UserNotification) => {
    qc.setQueryData(notificationKeys.bell, (page: ReturnType<typeof withoutNotification>) => withoutNotification(page, n.id))
    try {
      await changeState(n.id, ReadState.Read)
      void qc.invalidateQueries({ queryKey: notificationKeys.lists })
    } catch {
      message.error(t('markFailed'))
      void qc.invalidateQueries({ queryKey: notificationKeys.all })
    }
  }

  const items = bell.data?.items ?? []
  const count = bell.data?.totalCount ?? 0
  let body
  if (bell.isPending) body = <Spin style={{ display: 'block', padding: 24 }} />
  else if (bell.isError && items.length === 0)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        style={{ margin: 12 }}
        action={
          <Button size="small" onClick={() => void bell.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    )
  else if (items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} style={{ padding: 16 }} />
  else body = items.map((n) => <Entry key={n.id} n={n} onRead={(x) => void read(x)} />)

  const content = (
    <div style={{ width: 340 }} data-testid="notification-list">
      <Flex justify="space-between" align="center" style={{ padding: '8px 12px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('bell.unread', { count })}
        </Typography.Text>
      </Flex>
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>{body}</div>
      <div style={{ padding: '8px 12px', textAlign: 'center' }}>
        <Link to={NOTIFICATIONS_PATH} onClick={() => setOpen(false)} data-testid="notification-view-all">
          {t('bell.viewAll')}
        </Link>
      </div>
    </div>
  )

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} styles={{ container: { padding: 0 } }}>
      <Tooltip title={open ? undefined : t('bell.title')}>
        <Button type="text" aria-label={t('bell.title')} data-testid="notification-bell" data-count={count}>
          <Badge count={count} size="small" overflowCount={99} data-testid="notification-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  )
}

