import { useState, type HTMLAttributes } from 'react'
import { App, Button, Dropdown, Flex, Input, Space, Tag } from 'antd'
import type { MenuProps } from 'antd'
import { DownOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { FeaturesModal } from '../../components/feature-management'
import { startImpersonation } from '../../app/sessionActions'
import { OAuthError } from '../../api/oauth'
import { ConnectionStringsModal } from '../tenant-databases/ConnectionStringsModal'
import { tenantListQuery, useTenantMutations, type Tenant } from './api'
import { TenantPermissions } from './permissions'
import { TenantDialog } from './components/TenantDialog'

type Action = 'features' | 'connectionStrings' | 'impersonate' | 'delete'

/**
 * saas/tenants/index (spec 002 §2.4, §7.6): the tenants, with create (and the tenant's
 * administrator), edit, delete, their features, connection strings and "log in as
 * administrator". Host only.
 */
export function TenantsPage() {
  const { t } = useTranslation('saas-tenants')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const qc = useQueryClient()
  const [filter, setFilter] = useState('')
  const paging = useTablePaging()
  const list = pagedList(useQuery(tenantListQuery({ filter, ...paging.request })))
  const { remove } = useTenantMutations()
  const [editing, setEditing] = useState<Partial<Tenant> | null>(null)
  const [features, setFeatures] = useState<Tenant | null>(null)
  const [databases, setDatabases] = useState<Tenant | null>(null)

  const fail = (e: unknown) => {
    if (e instanceof OAuthError) {
      message.error(e.message || tApp('http.400'))
      return
    }
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const confirm = (content: string, danger: boolean, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('tips'),
      content,
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run()
          if (done) message.success(done)
        } catch (e) {
          fail(e)
        }
      },
    })

  const act = (action: Action, r: Tenant) => {
    switch (action) {
      case 'features':
        return setFeatures(r)
      case 'connectionStrings':
        return setDatabases(r)
      case 'impersonate':
        return confirm(t('confirmImpersonate', { name: r.name }), false, () => startImpersonation({ tenantId: r.id }, qc), '')
      case 'delete':
        return confirm(t('confirmDelete', { name: r.name }), true, () => remove.mutateAsync(r.id), t('deleted'))
    }
  }

  const menuFor = (r: Tenant): MenuProps['items'] => [
    ...(has(TenantPermissions.ManageFeatures) ? [{ key: 'features', label: t('action.features'), 'data-testid': 'tenant-features' }] : []),
    ...(has(TenantPermissions.ManageConnectionStrings)
      ? [{ key: 'connectionStrings', label: t('action.connectionStrings'), 'data-testid': 'tenant-connection-strings' }]
      : []),
    ...(has(TenantPermissions.Impersonation)
      ? [{ key: 'impersonate', label: t('action.impersonate'), disabled: !r.isActive, 'data-testid': 'tenant-impersonate' }]
      : []),
    ...(has(TenantPermissions.Delete) ? [{ key: 'delete', label: t('action.delete'), danger: true, 'data-testid': 'tenant-delete' }] : []),
  ]

  const columns: ColumnsType<Tenant> = [
    { key: 'name', title: t('field.name'), width: 200, render: (_, r) => <span data-testid="tenant-name">{r.name}</span> },
    { key: 'edition', title: t('field.edition'), width: 160, render: (_, r) => r.editionName ?? <Tag>{t('noEdition')}</Tag> },
    {
      key: 'isActive',
      title: t('field.isActive'),
      width: 100,
      render: (_, r) => (r.isActive ? <Tag color="green">{t('active')}</Tag> : <Tag color="red">{t('inactive')}</Tag>),
    },
    { key: 'activationMessage', title: t('field.activationMessage'), dataIndex: 'activationMessage', width: 240, ellipsis: true },
    { key: 'creationTime', title: t('field.creationTime'), width: 160, render: (_, r) => dayjs(r.creationTime).format('YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right' as const,
      width: 170,
      render: (_: unknown, r: Tenant) => {
        const items = menuFor(r)
        return (
          <Space size={0}>
            {has(TenantPermissions.Update) ? (
              <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="tenant-edit">
                {t('action.edit')}
              </Button>
            ) : null}
            {items?.length ? (
              <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => act(key as Action, r) }}>
                <Button type="link" size="small" data-testid="tenant-more">
                  {t('action.more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </Space>
        )
      },
    },
  ]

  return (
    <PageContainer
      extra={
        <Permission value={TenantPermissions.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="tenants-add">
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
          data-testid="tenants-search"
        />
      </Flex>
      <DataTable<Tenant>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onRow={(r) => ({ 'data-testid': 'tenant-row', 'data-name': r.name }) as HTMLAttributes<HTMLElement>}
        testId="tenants"
      />
      <TenantDialog row={editing} onClose={() => setEditing(null)} />
      <FeaturesModal providerName="T" providerKey={features?.id ?? ''} name={features?.name ?? ''} open={!!features} onClose={() => setFeatures(null)} />
      <ConnectionStringsModal tenantId={databases?.id ?? ''} tenantName={databases?.name ?? ''} open={!!databases} onClose={() => setDatabases(null)} />
    </PageContainer>
  )
}
