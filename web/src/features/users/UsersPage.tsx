import { useState, type HTMLAttributes } from 'react'
import { App, Button, Dropdown, Flex, Input, Space, Switch, Tag, Tooltip, Typography } from 'antd'
import type { MenuProps } from 'antd'
import { DownOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, useAppConfig, usePermission, useTablePaging } from '../../components'
import { PermissionTreeDialog } from '../../components/permission-tree'
import { ClaimsDialog } from '../../components/claims'
import { startImpersonation } from '../../app/sessionActions'
import { usersQuery, useUserMutations, type UserDto } from './api'
import { UsersPermissions } from './permissions'
import { displayName, isLocked } from './rules'
import { UserDialog, type UserDialogState } from './components/UserDialog'
import { LockDialog } from './components/LockDialog'
import { SetPasswordDialog } from './components/SetPasswordDialog'

const TIME = 'YYYY-MM-DD HH:mm'

type Action = 'permissions' | 'claims' | 'lock' | 'password' | 'offline' | 'impersonate' | 'delete'

/**
 * admin/users/index: the tenant's users, searched, sorted and paged on the server, with create
 * and edit (info, roles, units), permissions, claims, lock, set password, two-factor, force
 * offline, log in as the user, and delete, each shown only with its permission (spec 002 §7.1).
 */
export function UsersPage() {
  const { t } = useTranslation('users')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const { has } = usePermission()
  const config = useAppConfig()
  const me = config.data?.currentUser?.id ?? null
  const [input, setInput] = useState('')
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery({ ...usersQuery({ filter, sorting, ...paging.request }), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const m = useUserMutations()

  const [editing, setEditing] = useState<UserDialogState | null>(null)
  const [permissionsOf, setPermissionsOf] = useState<UserDto | null>(null)
  const [claimsOf, setClaimsOf] = useState<UserDto | null>(null)
  const [locking, setLocking] = useState<UserDto | null>(null)
  const [passwordOf, setPasswordOf] = useState<UserDto | null>(null)

  const canCreate = has(UsersPermissions.Create)
  const canUpdate = has(UsersPermissions.Update)
  const canDelete = has(UsersPermissions.Delete)
  const canPermissions = has(UsersPermissions.ManagePermissions)
  const canImpersonate = has(UsersPermissions.Impersonation)

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const search = (value: string) => {
    setFilter(value.trim())
    paging.reset()
  }

  const confirm = (content: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title: t('tips'),
      content,
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: async () => {
        try {
          await run()
          if (done) message.success(done)
        } catch (e) {
          failure(e)
        }
      },
    })

  const act = (action: Action, u: UserDto) => {
    const name = displayName(u)
    switch (action) {
      case 'permissions':
        return setPermissionsOf(u)
      case 'claims':
        return setClaimsOf(u)
      case 'lock':
        return setLocking(u)
      case 'password':
        return setPasswordOf(u)
      case 'offline':
        return confirm(t('offline.confirm', { name }), () => m.offline.mutateAsync(u.id), t('offline.done', { name }))
      case 'impersonate':
        return confirm(t('impersonate.confirm', { name }), () => startImpersonation({ userId: u.id }, qc), '')
      case 'delete':
        return confirm(
          t('delete.confirm', { name }),
          async () => {
            await m.remove.mutateAsync(u.id)
            if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
          },
          t('delete.done'),
          true,
        )
    }
  }

  const toggleTwoFactor = (u: UserDto, on: boolean) =>
    m.twoFactor.mutate(
      { id: u.id, on },
      { onSuccess: () => message.success(on ? t('twoFactor.on', { name: u.userName }) : t('twoFactor.off', { name: u.userName })), onError: failure },
    )

  const menuFor = (u: UserDto): MenuProps['items'] => {
    const self = u.id === me
    const item = (key: Action, label: string, extra: { danger?: boolean; disabled?: boolean; reason?: string } = {}) => ({
      key,
      danger: extra.danger,
      disabled: extra.disabled,
      label: (
        <Tooltip title={extra.reason} placement="left">
          <span data-testid={`user-action-${key}`}>{label}</span>
        </Tooltip>
      ),
    })
    const locked = isLocked(u)
    return [
      ...(canPermissions ? [item('permissions', t('action.permissions'))] : []),
      ...(canUpdate ? [item('claims', t('action.claims'))] : []),
      ...(canUpdate ? [item('lock', locked ? t('action.unlock') : t('action.lock'))] : []),
      ...(canUpdate ? [item('password', t('action.password'))] : []),
      ...(canUpdate ? [item('offline', t('action.offline'), { disabled: self, reason: self ? t('reason.self') : undefined })] : []),
      ...(canImpersonate ? [item('impersonate', t('action.impersonate'), { disabled: self, reason: self ? t('reason.self') : undefined })] : []),
      ...(canDelete
        ? [
            { type: 'divider' as const },
            item('delete', t('action.delete'), {
              danger: true,
              disabled: self || u.isStatic,
              reason: self ? t('reason.self') : u.isStatic ? t('reason.static') : undefined,
            }),
          ]
        : []),
    ]
  }

  const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>

  const columns: ColumnsType<UserDto> = [
    {
      key: 'userName',
      title: t('field.userName'),
      dataIndex: 'userName',
      sorter: true,
      width: 140,
      render: (v: string, u) => (
        <Space size={4}>
          <span data-testid="user-row-name">{v}</span>
          {u.isStatic ? <Tag color="gold">{t('static')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'name', title: t('field.name'), dataIndex: 'name', sorter: true, width: 100, ellipsis: true },
    { key: 'surname', title: t('field.surname'), dataIndex: 'surname', sorter: true, width: 100, ellipsis: true },
    { key: 'email', title: t('field.email'), dataIndex: 'email', sorter: true, width: 180, ellipsis: true },
    { key: 'phoneNumber', title: t('field.phoneNumber'), dataIndex: 'phoneNumber', sorter: true, width: 130 },
    {
      key: 'roles',
      title: t('field.roles'),
      width: 180,
      render: (_, u) =>
        u.roleNames?.length ? (
          <Space size={[0, 4]} wrap>
            {u.roleNames.map((r) => (
              <Tag key={r} color="blue">
                {r}
              </Tag>
            ))}
          </Space>
        ) : (
          muted('-')
        ),
    },
    {
      key: 'isActive',
      title: t('field.isActive'),
      sorter: true,
      width: 80,
      render: (_, u) => (u.isActive ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    {
      key: 'lockoutEnd',
      title: t('field.lockoutEnd'),
      sorter: true,
      width: 150,
      render: (_, u) => (isLocked(u) ? <Tag color="red" data-testid="user-locked">{dayjs(u.lockoutEnd).format(TIME)}</Tag> : muted('-')),
    },
    {
      key: 'twoFactorEnabled',
      title: t('field.twoFactorEnabled'),
      width: 90,
      render: (_, u) => (
        <Switch
          size="small"
          checked={u.twoFactorEnabled}
          disabled={!canUpdate}
          loading={m.twoFactor.isPending && m.twoFactor.variables?.id === u.id}
          onChange={(on) => toggleTwoFactor(u, on)}
          aria-label={t('field.twoFactorEnabled')}
          data-testid="user-two-factor"
        />
      ),
    },
    {
      key: 'creationTime',
      title: t('field.creationTime'),
      sorter: true,
      width: 150,
      render: (_, u) => dayjs(u.creationTime).format(TIME),
    },
  ]
  const anyAction = canUpdate || canDelete || canPermissions || canImpersonate
  if (anyAction)
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 150,
      render: (_, u) => (
        <Space size={0}>
          {canUpdate ? (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', id: u.id, userName: u.userName })} data-testid="user-edit">
              {t('action.edit')}
            </Button>
          ) : null}
          <Dropdown trigger={['click']} menu={{ items: menuFor(u), onClick: ({ key }) => act(key as Action, u) }}>
            <Button type="link" size="small" data-testid="user-more">
              {t('action.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    })

  return (
    <PageContainer
      extra={
        <Permission value={UsersPermissions.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })} data-testid="users-add">
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
          style={{ maxWidth: 380 }}
          data-testid="users-search"
        />
        <Button
          onClick={() => {
            setInput('')
            search('')
          }}
          data-testid="users-search-reset"
        >
          {t('reset')}
        </Button>
      </Flex>
      <DataTable<UserDto>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={filter ? t('emptySearch') : t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(u) => ({ 'data-testid': 'user-row', 'data-username': u.userName }) as HTMLAttributes<HTMLElement>}
        testId="users"
      />
      {canCreate || canUpdate ? <UserDialog state={editing} onClose={() => setEditing(null)} /> : null}
      <PermissionTreeDialog
        target={permissionsOf ? { providerName: 'U', providerKey: permissionsOf.id, displayName: displayName(permissionsOf) } : null}
        onClose={() => setPermissionsOf(null)}
      />
      <ClaimsDialog owner="users" target={claimsOf ? { id: claimsOf.id, name: displayName(claimsOf) } : null} onClose={() => setClaimsOf(null)} />
      <LockDialog user={locking} onClose={() => setLocking(null)} />
      <SetPasswordDialog user={passwordOf} onClose={() => setPasswordOf(null)} />
    </PageContainer>
  )
}
