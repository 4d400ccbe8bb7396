import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input, Space, Tag, Tooltip } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { PermissionTreeDialog } from '../../components/permission-tree'
import { ClaimsDialog } from '../../components/claims'
import { rolesQuery, useRoleMutations, type RoleDto } from './api'
import { RolesPermissions } from './permissions'
import { RoleDialog } from './components/RoleDialog'

/**
 * admin/roles/index: the tenant's roles, searched, sorted and paged on the server, with create,
 * edit (a static role keeps its name), claims, permissions (a tree per group with select-all)
 * and delete (not a static role) (spec 000 §7 Roles).
 */
export function RolesPage() {
  const { t } = useTranslation('roles')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [input, setInput] = useState('')
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery({ ...rolesQuery({ filter, sorting, ...paging.request }), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const { remove } = useRoleMutations()
  const [editing, setEditing] = useState<Partial<RoleDto> | null>(null)
  const [permissionsOf, setPermissionsOf] = useState<RoleDto | null>(null)
  const [claimsOf, setClaimsOf] = useState<RoleDto | null>(null)

  const canUpdate = has(RolesPermissions.Update)
  const canDelete = has(RolesPermissions.Delete)
  const canPermissions = has(RolesPermissions.ManagePermissions)

  const search = (value: string) => {
    setFilter(value.trim())
    paging.reset()
  }

  const del = (r: RoleDto) =>
    modal.confirm({
      title: t('tips'),
      content: r.userCount ? t('confirmDeleteUsed', { name: r.name, count: r.userCount }) : t('confirmDelete', { name: r.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(r.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const flag = (v: boolean) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>)

  const columns: ColumnsType<RoleDto> = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sorter: true,
      width: 220,
      render: (v: string, r) => (
        <Space size={4}>
          <span data-testid="role-row-name">{v}</span>
          {r.isStatic ? (
            <Tooltip title={t('staticHint')}>
              <Tag color="gold" data-testid="role-static">
                {t('static')}
              </Tag>
            </Tooltip>
          ) : null}
          {r.isDefault ? <Tag color="blue">{t('default')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'isDefault', title: t('field.isDefault'), sorter: true, width: 90, render: (_, r) => flag(r.isDefault) },
    { key: 'isPublic', title: t('field.isPublic'), sorter: true, width: 90, render: (_, r) => flag(r.isPublic) },
    { key: 'userCount', title: t('field.userCount'), dataIndex: 'userCount', width: 90, align: 'right' },
    { key: 'creationTime', title: t('field.creationTime'), sorter: true, width: 160, render: (_, r) => dayjs(r.creationTime).format('YYYY-MM-DD HH:mm') },
  ]
  if (canUpdate || canDelete || canPermissions)
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 240,
      render: (_, r) => (
        <Space size={0}>
          {canUpdate ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="role-edit">
              {t('edit')}
            </Button>
          ) : null}
          {canUpdate ? (
            <Button type="link" size="small" onClick={() => setClaimsOf(r)} data-testid="role-claims">
              {t('claims')}
            </Button>
          ) : null}
          {canPermissions ? (
            <Button type="link" size="small" onClick={() => setPermissionsOf(r)} data-testid="role-permissions">
              {t('permissions')}
            </Button>
          ) : null}
          {canDelete ? (
            <Tooltip title={r.isStatic ? t('staticNoDelete') : undefined}>
              <Button type="link" size="small" danger disabled={r.isStatic} onClick={() => del(r)} data-testid="role-delete">
                {t('delete')}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    })

  return (
    <PageContainer
      extra={
        <Permission value={RolesPermissions.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="roles-add">
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton={t('search')}
          value={input}
          placeholder={t('searchPlaceholder')}
          onChange={(e) => setInput(e.target.value)}
          onSearch={search}
          style={{ maxWidth: 360 }}
          data-testid="roles-search"
        />
        <Button
          onClick={() => {
            setInput('')
            search('')
          }}
          data-testid="roles-search-reset"
        >
          {t('reset')}
        </Button>
      </Flex>
      <DataTable<RoleDto>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={filter ? t('emptySearch') : t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'role-row', 'data-name': r.name }) as HTMLAttributes<HTMLElement>}
        testId="roles"
      />
      <RoleDialog role={editing} onClose={() => setEditing(null)} />
      <PermissionTreeDialog
        target={permissionsOf ? { providerName: 'R', providerKey: permissionsOf.name, displayName: permissionsOf.name } : null}
        onClose={() => setPermissionsOf(null)}
      />
      <ClaimsDialog owner="roles" target={claimsOf ? { id: claimsOf.id, name: claimsOf.name } : null} onClose={() => setClaimsOf(null)} />
    </PageContainer>
  )
}
