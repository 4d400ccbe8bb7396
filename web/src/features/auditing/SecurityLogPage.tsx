import { useState, type HTMLAttributes } from 'react'
import { App, Button, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { securityLogListQuery, useAuditingMutations, type SecurityLog } from './api'
import { formatTime } from './changes'
import { toSecurityLogQuery, type SecurityLogFilter } from './filters'
import { AuditingPermissions } from './permissions'
import { SecurityLogSearchBar } from './components/SearchBars'

/** Colour of a security action: failures and refusals red, successes green, the rest plain. */
export function actionColor(action: string): string {
  if (/Failed|Invalid|Lockedout|NotAllowed|Denied|Reused/.test(action)) return 'red'
  if (/Succeeded/.test(action)) return 'green'
  if (/Impersonat|BackTo/.test(action)) return 'purple'
  return 'default'
}

/**
 * auditing/security-log/index: logins, logouts, impersonations and lockouts of the current
 * tenant, newest first, filtered and paged on the server (spec 002 §7.10).
 */
export function SecurityLogPage() {
  const { t, i18n } = useTranslation('auditing')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filter, setFilter] = useState<SecurityLogFilter>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery({
    ...securityLogListQuery({ ...toSecurityLogQuery(filter), sorting, ...paging.request }),
    placeholderData: keepPreviousData,
  })
  const list = pagedList(query)
  const { removeSecurityLog } = useAuditingMutations()
  const canDelete = has(AuditingPermissions.SecurityLogDelete)

  const actionText = (a: string) => (i18n.exists(`auditing:securityAction.${a}`) ? t(`securityAction.${a}`) : a)

  const del = (row: SecurityLog) =>
    modal.confirm({
      title: t('tips'),
      content: t('securityLog.confirmDelete', { action: actionText(row.action), user: row.userName || '-', time: formatTime(row.creationTime) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeSecurityLog.mutateAsync(row.id)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
          return
        }
        message.success(t('deleted'))
        if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
      },
    })

  const muted = (v: string, fallback: string) => v || <Typography.Text type="secondary">{fallback}</Typography.Text>

  const columns: ColumnsType<SecurityLog> = [
    { key: 'creationTime', title: t('securityLog.col.creationTime'), width: 165, sorter: true, render: (_, r) => formatTime(r.creationTime) },
    {
      key: 'action',
      title: t('securityLog.col.action'),
      width: 170,
      sorter: true,
      render: (_, r) => (
        <Tag color={actionColor(r.action)} title={r.action} data-testid="security-row-action">
          {actionText(r.action)}
        </Tag>
      ),
    },
    { key: 'userName', title: t('securityLog.col.userName'), dataIndex: 'userName', width: 120, ellipsis: true, sorter: true, render: (v: string) => muted(v, '-') },
    {
      key: 'tenantName',
      title: t('securityLog.col.tenantName'),
      dataIndex: 'tenantName',
      width: 100,
      ellipsis: true,
      sorter: true,
      render: (v: string) => muted(v, t('auditLog.host')),
    },
    { key: 'clientId', title: t('securityLog.col.clientId'), dataIndex: 'clientId', width: 120, ellipsis: true, sorter: true },
    { key: 'clientIpAddress', title: t('securityLog.col.clientIpAddress'), dataIndex: 'clientIpAddress', width: 130, sorter: true },
    {
      key: 'browserInfo',
      title: t('securityLog.col.browserInfo'),
      width: 280,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.browserInfo }} style={{ maxWidth: 280 }}>
          {r.browserInfo}
        </Typography.Text>
      ),
    },
    ...(canDelete
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 80,
            render: (_: unknown, r: SecurityLog) => (
              <Button type="link" size="small" danger onClick={() => del(r)} data-testid="security-row-delete">
                {t('delete')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  return (
    <PageContainer>
      <SecurityLogSearchBar
        onSearch={(f) => {
          setFilter(f)
          paging.reset()
        }}
      />
      <DataTable<SecurityLog>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('securityLog.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'security-row', 'data-id': r.id }) as HTMLAttributes<HTMLElement>}
        testId="security"
      />
    </PageContainer>
  )
}
