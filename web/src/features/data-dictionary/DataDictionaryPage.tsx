import { useMemo, useState } from 'react'
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
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
  pagedList,
  usePermission,
  useTablePaging,
  type ColumnDef,
  type SearchField,
  type SearchValues,
} from '../../components'
import { dictionaryListQuery, useDataDictionaryMutations, type Dictionary } from './api'
import { DataDictionaryPermissions as P } from './permissions'
import { DictionaryDialog } from './components/DictionaryDialog'
import { DetailsDrawer } from './components/DetailsDrawer'

const TIME = 'YYYY-MM-DD HH:mm'

/**
 * basic-setup/data-dictionary/index (spec 001 §3, §7; docs/decisions/0010): the side's data
 * dictionaries searched by code and name, sorted and paged on the server in the configured
 * table, with create, edit and delete (built-in dictionaries are not deleted) and a drawer of
 * each dictionary's items.
 */
export function DataDictionaryPage() {
  const { t } = useTranslation('data-dictionary')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const code = typeof search.code === 'string' ? search.code : undefined
  const displayName = typeof search.displayName === 'string' ? search.displayName : undefined
  const list = pagedList(useQuery(dictionaryListQuery({ code, displayName, sorting, ...paging.request })))
  const { removeDictionary } = useDataDictionaryMutations()
  const [editing, setEditing] = useState<Partial<Dictionary> | null>(null)
  const [viewing, setViewing] = useState<Dictionary | null>(null)
  const canUpdate = has(P.Update)
  const canDelete = has(P.Delete)

  const searchFields: SearchField[] = [
    { name: 'code', label: t('search.code'), type: 'text' },
    { name: 'displayName', label: t('search.displayName'), type: 'text' },
  ]

  const columns = useMemo<ColumnDef<Dictionary>[]>(
    () => [
      { key: 'code', title: t('field.code'), sortable: true, alwaysShown: true, width: 220, render: (_v, r) => <span data-testid="dictionary-code">{r.code}</span> },
      { key: 'displayName', title: t('field.displayName'), sortable: true, width: 160 },
      {
        key: 'description',
        title: t('field.description'),
        sortable: true,
        width: 260,
        render: (_v, r) => (
          <Typography.Text ellipsis={{ tooltip: r.description }} style={{ maxWidth: 240 }}>
            {r.description}
          </Typography.Text>
        ),
      },
      {
        key: 'isStatic',
        title: t('field.isStatic'),
        sortable: true,
        width: 80,
        render: (_v, r) => (r.isStatic ? <Tag color="orange">{t('static')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>),
      },
      { key: 'creationTime', title: t('field.creationTime'), sortable: true, width: 150, render: (_v, r) => dayjs(r.creationTime).format(TIME) },
    ],
    [t],
  )

  const del = (row: Dictionary) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { name: row.displayName, code: row.code }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await removeDictionary.mutateAsync(row.id)
          message.success(t('deleted'))
          if (viewing?.id === row.id) setViewing(null)
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const searched = !!code || !!displayName

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setSearch(v)
          paging.reset()
        }}
        testId="dictionary-search"
      />
      <ConfiguredTable<Dictionary>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={searched ? t('emptySearch') : t('empty')}
        testId="dictionaries"
        toolbar={
          <Permission value={P.Create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="dictionary-add">
              {t('create')}
            </Button>
          </Permission>
        }
        actions={{
          title: t('actions'),
          fixed: 'right',
          width: 170,
          render: (_: unknown, row: Dictionary) => (
            <Space size={0} data-testid="dictionary-actions" data-code={row.code}>
              {canUpdate ? (
                <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="dictionary-edit">
                  {t('edit')}
                </Button>
              ) : null}
              <Button type="link" size="small" onClick={() => setViewing(row)} data-testid="dictionary-details">
                {t('details')}
              </Button>
              {canDelete ? (
                <Tooltip title={row.isStatic ? t('staticNoDelete') : undefined}>
                  <Button type="link" size="small" danger disabled={row.isStatic} onClick={() => del(row)} data-testid="dictionary-delete">
                    {t('delete')}
                  </Button>
                </Tooltip>
              ) : null}
            </Space>
          ),
        }}
      />
      <DictionaryDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (viewing?.id === saved.id) setViewing({ ...viewing, ...saved })
        }}
      />
      <DetailsDrawer dictionary={viewing} onClose={() => setViewing(null)} />
    </PageContainer>
  )
}
