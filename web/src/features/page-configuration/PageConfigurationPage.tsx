import { useRef, useState } from 'react'
import { App, Button, Space, Tag, Typography } from 'antd'
import { PlusOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import {
  ConfiguredTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  HttpError,
  PageContainer,
  Permission,
  SearchBar,
  errorToMessage,
  pageConfigQuery,
  pagedList,
  routeKeyOf,
  usePermission,
  useTablePaging,
  useWhenChanged,
  type ColumnDef,
  type SearchField,
  type SearchValues,
} from '../../components'
import { KINDS, configurationKeys, configurationListQuery, useConfigurationMutations, type ConfigurationKind, type PageConfiguration } from './api'
import { PageConfigurationPermissions } from './permissions'
import { hiddenKeys } from './rules'
import { useRouteTitles } from './useRouteTitles'
import { ConfigurationDialog } from './components/ConfigurationDialog'

const KIND_COLOR: Record<ConfigurationKind, string> = { user: 'blue', role: 'purple', tenant: 'green' }

/**
 * basic-setup/page-configuration/index (spec 001 §3, §6, §7; docs/decisions/0010): every
 * page configuration of the side — users' own columns, role configurations, the defaults of
 * routes — searched by route and kind, sorted and paged on the server. Administrators edit a
 * configuration's role list, hidden fields and columns, delete it (confirmed), and create a
 * role configuration by copying an existing configuration of a route.
 */
export function PageConfigurationPage() {
  const { t } = useTranslation('page-configuration')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const titles = useRouteTitles()
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const filter = typeof search.filter === 'string' ? search.filter : undefined
  const kind = KINDS.find((k) => k === search.kind)
  const list = pagedList(useQuery(configurationListQuery({ filter, kind, sorting, ...paging.request })))
  const { remove } = useConfigurationMutations()
  const [editing, setEditing] = useState<PageConfiguration | null>(null)
  const [creating, setCreating] = useState(false)
  const canUpdate = has(PageConfigurationPermissions.Update)
  const canDelete = has(PageConfigurationPermissions.Delete)

  const routeName = (key: string) => titles.get(key) ?? key

  // This page's own table is configurable too: when the administrator saves or resets their
  // columns of it (the column settings dialog), the list shows the change.
  const qc = useQueryClient()
  const own = useQuery({ ...pageConfigQuery(routeKeyOf(useLocation().pathname)), enabled: false })
  const seen = useRef(0)
  useWhenChanged(own.dataUpdatedAt, (at) => {
    if (seen.current && at !== seen.current) void qc.invalidateQueries({ queryKey: configurationKeys.all })
    seen.current = at
  })

  const del = (row: PageConfiguration) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { route: routeName(row.routeKey), kind: t(`kindLong.${row.kind}`) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
          return
        }
        message.success(t('deleted'))
        if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
      },
    })

  const searchFields: SearchField[] = [
    { name: 'filter', label: t('search.route'), type: 'text', placeholder: t('search.routePlaceholder') },
    { name: 'kind', label: t('search.kind'), type: 'select', options: KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })) },
  ]

  const columns: ColumnDef<PageConfiguration>[] = [
    {
      key: 'routeKey',
      title: t('col.route'),
      width: 260,
      sortable: true,
      alwaysShown: true,
      render: (_, r) => (
        <div data-testid="config-route" data-route-key={r.routeKey}>
          {titles.has(r.routeKey) ? <div>{titles.get(r.routeKey)}</div> : null}
          <Typography.Text type={titles.has(r.routeKey) ? 'secondary' : undefined} style={{ fontSize: titles.has(r.routeKey) ? 12 : undefined }} code={!titles.has(r.routeKey)}>
            {r.routeKey}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'kind',
      title: t('col.kind'),
      width: 90,
      sortable: true,
      render: (_, r) => (
        <Tag color={KIND_COLOR[r.kind]} data-testid="config-kind">
          {t(`kind.${r.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'roleList',
      title: t('col.appliesTo'),
      width: 180,
      render: (_, r) => (
        <span data-testid="config-applies">
          {r.kind === 'user' ? (
            <Space size={4}>
              <UserOutlined />
              {r.userName || r.userId}
            </Space>
          ) : r.kind === 'role' ? (
            (r.roleList ?? []).map((name) => (
              <Tag key={name} data-testid="config-role">
                {name}
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary">{t('everyone')}</Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'shownColumnCount',
      title: t('col.columns'),
      width: 110,
      align: 'right',
      render: (_, r) => (
        <span data-testid="config-columns">{r.columnCount ? t('shownOf', { shown: r.shownColumnCount, total: r.columnCount }) : t('unreadable')}</span>
      ),
    },
    {
      key: 'hiddenFields',
      title: t('col.hidden'),
      width: 160,
      render: (_, r) => {
        const keys = hiddenKeys(r.hiddenFields)
        return (
          <span data-testid="config-hidden">
            {keys.length ? keys.map((k) => <Tag key={k}>{k}</Tag>) : <Typography.Text type="secondary">{t('noneHidden')}</Typography.Text>}
          </span>
        )
      },
    },
    {
      key: 'lastModificationTime',
      title: t('col.lastModificationTime'),
      width: 170,
      sortable: true,
      render: (_, r) => dayjs(r.lastModificationTime).format('YYYY-MM-DD HH:mm:ss'),
    },
  ]

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setSearch(v)
          paging.reset()
        }}
        testId="config-search"
      />
      <ConfiguredTable<PageConfiguration>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filter || kind ? t('emptySearch') : t('empty')}
        testId="configs"
        toolbar={
          <Permission value={PageConfigurationPermissions.Create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="configs-add">
              {t('create')}
            </Button>
          </Permission>
        }
        actions={
          canUpdate || canDelete
            ? {
                key: 'actions',
                title: t('actions'),
                fixed: 'right',
                width: 120,
                render: (_: unknown, row: PageConfiguration) => (
                  <Space size={0}>
                    {canUpdate ? (
                      <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="config-edit" data-route-key={row.routeKey} data-kind={row.kind}>
                        {t('edit')}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button type="link" size="small" danger onClick={() => del(row)} data-testid="config-delete" data-route-key={row.routeKey} data-kind={row.kind}>
                        {t('delete')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              }
            : undefined
        }
      />
      <ConfigurationDialog row={editing} create={creating} titles={titles} onClose={() => (setEditing(null), setCreating(false))} />
    </PageContainer>
  )
}
