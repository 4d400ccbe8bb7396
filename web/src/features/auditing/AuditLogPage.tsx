import { useState, type HTMLAttributes } from 'react'
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { auditLogListQuery, useAuditingMutations, type AuditLog } from './api'
import { formatTime } from './changes'
import { methodColor, statusColor, toAuditLogQuery, type AuditLogFilter } from './filters'
import { AuditingPermissions } from './permissions'
import { AuditLogSearchBar } from './components/SearchBars'
import { AuditLogDrawer } from './components/AuditLogDrawer'

/**
 * auditing/audit-log/index: the recorded requests, filtered, sorted and paged on the server
 * (spec 002 §7.10), each opening a drawer with the request beside its entity changes.
 */
export function AuditLogPage() {
  const { t } = useTranslation('auditing')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filter, setFilter] = useState<AuditLogFilter>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const [open, setOpen] = useState<string | null>(null)
  const paging = useTablePaging()
  const query = useQuery({
    ...auditLogListQuery({ ...toAuditLogQuery(filter), sorting, ...paging.request }),
    placeholderData: keepPreviousData,
  })
  const list = pagedList(query)
  const { removeAuditLog } = useAuditingMutations()
  const canDelete = has(AuditingPermissions.AuditLogDelete)

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const del = (row: AuditLog) =>
    modal.confirm({
      title: t('tips'),
      content: t('auditLog.confirmDelete', { method: row.httpMethod ?? '', url: row.url ?? '', time: formatTime(row.executionTime) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeAuditLog.mutateAsync(row.id)
        } catch (e) {
          failure(e)
          return
        }
        message.success(t('deleted'))
        if (open === row.id) setOpen(null)
        if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
      },
    })

  const columns: ColumnsType<AuditLog> = [
    {
      key: 'executionTime',
      title: t('auditLog.col.executionTime'),
      width: 160,
      sorter: true,
      render: (_, r) => formatTime(r.executionTime),
    },
    {
      key: 'userName',
      title: t('auditLog.col.userName'),
      dataIndex: 'userName',
      width: 110,
      ellipsis: true,
      sorter: true,
      render: (v: string) => v || <Typography.Text type="secondary">{t('auditLog.anonymous')}</Typography.Text>,
    },
    {
      key: 'tenantName',
      title: t('auditLog.col.tenantName'),
      dataIndex: 'tenantName',
      width: 90,
      ellipsis: true,
      render: (v: string) => v || <Typography.Text type="secondary">{t('auditLog.host')}</Typography.Text>,
    },
    {
      key: 'url',
      title: t('auditLog.col.request'),
      width: 300,
      render: (_, r) => (
        <Space size={6} style={{ maxWidth: 300 }}>
          <Tag color={methodColor(r.httpMethod)} style={{ marginInlineEnd: 0 }} data-testid="audit-row-method">
            {r.httpMethod}
          </Tag>
          <Typography.Text ellipsis={{ tooltip: r.url }} style={{ maxWidth: 240 }} data-testid="audit-row-url">
            {r.url}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'httpStatusCode',
      title: t('auditLog.col.httpStatusCode'),
      width: 80,
      sorter: true,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={statusColor(r.httpStatusCode)} data-testid="audit-row-status">
            {r.httpStatusCode}
          </Tag>
          {r.exceptions ? (
            <Tooltip title={r.exceptions}>
              <Typography.Text type="danger">!</Typography.Text>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'executionDuration',
      title: t('auditLog.col.executionDuration'),
      width: 90,
      align: 'right',
      sorter: true,
      render: (_, r) => t('ms', { value: r.executionDuration }),
    },
    { key: 'clientIpAddress', title: t('auditLog.col.clientIpAddress'), dataIndex: 'clientIpAddress', width: 110, ellipsis: true },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: canDelete ? 120 : 70,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="audit-row-detail">
            {t('detail')}
          </Button>
          {canDelete ? (
            <Button type="link" size="small" danger onClick={() => del(r)} data-testid="audit-row-delete">
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer>
      <AuditLogSearchBar
        onSearch={(f) => {
          setFilter(f)
          paging.reset()
        }}
      />
      <DataTable<AuditLog>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('auditLog.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'audit-row', 'data-id': r.id, onDoubleClick: () => setOpen(r.id) }) as HTMLAttributes<HTMLElement>}
        testId="audit"
      />
      <AuditLogDrawer id={open} onClose={() => setOpen(null)} onDelete={canDelete ? del : undefined} />
    </PageContainer>
  )
}
