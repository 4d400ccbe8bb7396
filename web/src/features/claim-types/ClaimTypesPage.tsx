import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input, Space, Tag, Tooltip, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { claimTypeListQuery, useClaimTypeMutations, type ClaimType } from './api'
import { ClaimTypePermissions } from './permissions'
import { valueTypeKey } from './rules'
import { ClaimTypeDialog } from './components/ClaimTypeDialog'

/**
 * admin/claim-type/index (spec 002 §3 Claim type, §7.2): the tenant's claim types, searched,
 * sorted and paged on the server, with create, edit and delete (built-in types are not deleted).
 */
export function ClaimTypesPage() {
  const { t } = useTranslation('claim-types')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const canEdit = has(ClaimTypePermissions.ClaimTypes)
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const list = pagedList(useQuery(claimTypeListQuery({ filter, sorting, ...paging.request })))
  const { remove } = useClaimTypeMutations()
  const [editing, setEditing] = useState<Partial<ClaimType> | null>(null)

  const del = (row: ClaimType) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { name: row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const flag = (on: boolean, color?: string) =>
    on ? <Tag color={color}>{t('yes')}</Tag> : <span style={{ color: 'var(--ant-color-text-quaternary, #bbb)' }}>{t('no')}</span>

  const columns: ColumnsType<ClaimType> = [
    {
      key: 'name',
      title: t('field.name'),
      width: 200,
      sorter: true,
      render: (_, r) => (
        <Space size={4}>
          <span data-testid="claim-type-name">{r.name}</span>
          {r.isStatic ? <Tag color="orange">{t('static')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'valueType', title: t('field.valueType'), width: 110, sorter: true, render: (_, r) => t(`valueType.${valueTypeKey(r.valueType)}`) },
    { key: 'required', title: t('field.required'), width: 80, sorter: true, render: (_, r) => flag(r.required, 'red') },
    { key: 'isStatic', title: t('field.isStatic'), width: 80, sorter: true, render: (_, r) => flag(r.isStatic, 'orange') },
    {
      key: 'regex',
      title: t('field.regex'),
      width: 200,
      ellipsis: true,
      render: (_, r) =>
        r.regex ? (
          <Tooltip title={r.regexDescription || undefined}>
            <Typography.Text code>{r.regex}</Typography.Text>
          </Tooltip>
        ) : null,
    },
    { key: 'regexDescription', title: t('field.regexDescription'), dataIndex: 'regexDescription', width: 200, ellipsis: true },
    { key: 'description', title: t('field.description'), dataIndex: 'description', ellipsis: true, sorter: true },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 130,
            render: (_: unknown, r: ClaimType) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="claim-type-edit">
                  {t('edit')}
                </Button>
                {r.isStatic ? null : (
                  <Button type="link" size="small" danger onClick={() => del(r)} data-testid="claim-type-delete">
                    {t('delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <PageContainer
      extra={
        <Permission value={ClaimTypePermissions.ClaimTypes}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="claim-types-add">
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Flex style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 360 }}
          data-testid="claim-types-search"
        />
      </Flex>
      <DataTable<ClaimType>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'claim-type-row', 'data-name': r.name }) as HTMLAttributes<HTMLElement>}
        testId="claim-types"
      />
      <ClaimTypeDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}
