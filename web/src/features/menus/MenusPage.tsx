import { useMemo, useState, type HTMLAttributes } from 'react'
import { Alert, App, Button, Empty, Flex, Input, Space, Table, Tag, Tooltip } from 'antd'
import { PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, PageContainer, Permission, errorToMessage, usePermission } from '../../components'
import { buildTree, menuListQuery, parentIds, useMenuMutations, type MenuNode, type MenuRow } from './api'
import { MenusPermissions } from './permissions'
import { MenuDialog } from './components/MenuDialog'

const PAGE_SIZE = 20

/** container/menus/index: the menu rows as a tree, with search, create, edit, delete and restore (spec 002 §7.6). */
export function MenusPage() {
  const { t, i18n } = useTranslation('menus')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [input, setInput] = useState('')
  const [filter, setFilter] = useState('')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(PAGE_SIZE)
  const [editing, setEditing] = useState<Partial<MenuRow> | null>(null)
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set())
  const list = useQuery({ ...menuListQuery(filter, i18n.language), placeholderData: keepPreviousData })
  const { remove, restore } = useMenuMutations()
  const canEdit = has(MenusPermissions.Menus)

  const tree = useMemo(() => buildTree(list.data?.items ?? []), [list.data])
  const expanded = useMemo(() => parentIds(tree).filter((id) => !collapsed.has(id)), [tree, collapsed])

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const search = (value: string) => {
    setFilter(value.trim())
    setPage(1)
  }

  const del = (row: MenuRow) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { name: row.displayName || row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
          message.success(t('deleted'))
        } catch (e) {
          failure(e) // e.g. "this menu still has 2 child menus; delete them first"
        }
      },
    })

  const restoreDefaults = () =>
    modal.confirm({
      title: t('tips'),
      content: t('restoreConfirm'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await restore.mutateAsync()
          message.success(t('restored'))
        } catch (e) {
          failure(e)
        }
      },
    })

  const flag = (v: boolean) => (v ? <Tag color="orange">{t('yes')}</Tag> : <span style={{ color: 'var(--ant-color-text-quaternary, #bbb)' }}>{t('no')}</span>)

  const columns: ColumnsType<MenuNode> = [
    {
      key: 'displayName',
      title: t('field.displayName'),
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          <span data-testid="menu-row-name">{r.displayName || r.name}</span>
          {r.customized ? <Tag>{t('customized')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'name', title: t('field.name'), dataIndex: 'name', width: 160, ellipsis: true },
    { key: 'path', title: t('field.path'), dataIndex: 'path', width: 200, ellipsis: true },
    {
      key: 'component',
      title: t('field.component'),
      width: 200,
      ellipsis: true,
      render: (_, r) => (r.component === 'Layout' || r.component === '' ? <Tag>{r.component || t('group')}</Tag> : r.component),
    },
    { key: 'icon', title: t('field.icon'), dataIndex: 'icon', width: 100 },
    { key: 'order', title: t('field.order'), dataIndex: 'order', width: 70, align: 'right' },
    { key: 'permission', title: t('field.permission'), dataIndex: 'permission', width: 160, ellipsis: true },
    { key: 'hidden', title: t('field.hidden'), width: 70, render: (_, r) => flag(r.hidden) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 200,
            render: (_: unknown, r: MenuNode) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ parentId: r.id })} data-testid="menu-create-child">
                  {t('createChild')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="menu-edit">
                  {t('edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => del(r)} data-testid="menu-delete">
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <PageContainer
      extra={
        <Permission value={[MenusPermissions.Menus]}>
          <Tooltip title={t('restoreConfirm')}>
            <Button icon={<UndoOutlined />} loading={restore.isPending} onClick={restoreDefaults} data-testid="menus-restore">
              {t('restore')}
            </Button>
          </Tooltip>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="menus-add">
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          value={input}
          placeholder={t('searchPlaceholder')}
          onChange={(e) => setInput(e.target.value)}
          onPressEnter={() => search(input)}
          style={{ maxWidth: 320 }}
          data-testid="menus-search"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={() => search(input)} data-testid="menus-search-submit">
          {t('search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setInput('')
            search('')
          }}
          data-testid="menus-search-reset"
        >
          {t('reset')}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
          data-testid="menus-error"
        />
      ) : (
        <Table<MenuNode>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={tree}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, r) =>
              setCollapsed((prev) => {
                const next = new Set(prev)
                if (open) next.delete(r.id)
                else next.add(r.id)
                return next
              }),
          }}
          onRow={() => ({ 'data-testid': 'menu-row' }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          pagination={{
            current: page,
            pageSize,
            total: tree.length,
            showSizeChanger: true,
            showTotal: (total) => t('total', { total }),
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p)
              setPageSize(s)
            },
          }}
          data-testid="menus-table"
        />
      )}
      <MenuDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}
