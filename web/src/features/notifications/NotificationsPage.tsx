import { useState, type HTMLAttributes } from 'react'
import { App, Button, Space, Tag, Typography } from 'antd'
import { CheckOutlined, NotificationOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import {
  DataTable,
  HttpError,
  PageContainer,
  Permission,
  SearchBar,
  errorToMessage,
  pagedList,
  useTablePaging,
  type SearchField,
  type SearchValues,
} from '../../components'
import { ReadState, notificationListQuery, useNotificationMutations, type ReadStateValue, type UserNotification } from './api'
import { NotificationPermissions } from './permissions'
import { SEVERITY_TAGS, severityKey, severityKind } from './severity'
import { BroadcastDialog } from './components/BroadcastDialog'

/**
 * im/notifications/index (decision 0015 "Web"): the caller's notifications, all or unread or
 * read, searched on the title and message, paged on the server; each marked read or unread or
 * deleted; all marked read at once; and, for users holding Notifications.Broadcast, a text sent
 * to everyone of the tenant.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const [search, setSearch] = useState<{ filter?: string; readState: ReadStateValue }>({ readState: ReadState.All })
  const paging = useTablePaging()
  const list = pagedList(useQuery(notificationListQuery({ ...search, ...paging.request })))
  const { setState, markAll, remove } = useNotificationMutations()
  const [broadcastOpen, setBroadcastOpen] = useState(false)

  const failed = (e: unknown) => {
    const req = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(e instanceof HttpError ? errorToMessage(req, tApp).message : e instanceof Error && e.message ? e.message : t('failed'))
  }

  const toggle = async (row: UserNotification) => {
    try {
      await setState.mutateAsync({ id: row.id, state: row.state === ReadState.Read ? ReadState.UnRead : ReadState.Read })
      message.success(t('updated'))
    } catch (e) {
      failed(e)
    }
  }

  const readAll = async () => {
    try {
      await markAll.mutateAsync()
      message.success(t('markedAllRead'))
    } catch (e) {
      failed(e)
    }
  }

  const del = (row: UserNotification) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { title: row.title }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          failed(e)
        }
      },
    })

  const fields: SearchField[] = [
    { name: 'filter', label: t('field.filter'), type: 'text', placeholder: t('field.filterPlaceholder'), width: 220 },
    {
      name: 'readState',
      label: t('field.state'),
      type: 'select',
      options: [
        { value: ReadState.All, label: t('readState.all') },
        { value: ReadState.UnRead, label: t('readState.unread') },
        { value: ReadState.Read, label: t('readState.read') },
      ],
    },
  ]
  const onSearch = (v: SearchValues) => {
    const state = typeof v.readState === 'number' ? (v.readState as ReadStateValue) : ReadState.All
    setSearch({ filter: typeof v.filter === 'string' ? v.filter : undefined, readState: state })
    paging.reset()
  }

  const columns: ColumnsType<UserNotification> = [
    {
      key: 'title',
      title: t('field.title'),
      width: 220,
      render: (_, r) => (
        <Typography.Text strong={r.state === ReadState.UnRead} data-testid="notification-row-title">
          {r.title}
        </Typography.Text>
      ),
    },
    { key: 'message', title: t('field.message'), dataIndex: 'message', ellipsis: true },
    {
      key: 'severity',
      title: t('field.severity'),
      width: 90,
      render: (_, r) => (
        <Tag color={SEVERITY_TAGS[severityKind(r.severity)]} data-testid="notification-row-severity" data-severity={severityKind(r.severity)}>
          {t(severityKey(r.severity))}
        </Tag>
      ),
    },
    { key: 'creationTime', title: t('field.time'), width: 160, render: (_, r) => dayjs(r.creationTime).format('YYYY-MM-DD HH:mm:ss') },
    {
      key: 'state',
      title: t('field.state'),
      width: 80,
      render: (_, r) =>
        r.state === ReadState.UnRead ? (
          <Tag color="blue" data-testid="notification-row-state">
            {t('readState.unread')}
          </Tag>
        ) : (
          <Tag data-testid="notification-row-state">{t('readState.read')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void toggle(r)} data-testid="notification-toggle">
            {r.state === ReadState.UnRead ? t('markRead') : t('markUnread')}
          </Button>
          <Button type="link" size="small" danger onClick={() => del(r)} data-testid="notification-delete">
            {t('delete')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      extra={
        <>
          <Button icon={<CheckOutlined />} loading={markAll.isPending} onClick={() => void readAll()} data-testid="notifications-mark-all">
            {t('markAllRead')}
          </Button>
          <Permission value={NotificationPermissions.Broadcast}>
            <Button type="primary" icon={<NotificationOutlined />} onClick={() => setBroadcastOpen(true)} data-testid="notifications-broadcast">
              {t('broadcast.open')}
            </Button>
          </Permission>
        </>
      }
    >
      <SearchBar fields={fields} onSearch={onSearch} testId="notifications-search" initialValues={{ readState: ReadState.All }} />
      <DataTable<UserNotification>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onRow={(r) => ({ 'data-testid': 'notification-row', 'data-id': r.id, 'data-state': r.state }) as HTMLAttributes<HTMLElement>}
        testId="notifications"
      />
      <BroadcastDialog open={broadcastOpen} onClose={() => setBroadcastOpen(false)} />
    </PageContainer>
  )
}
