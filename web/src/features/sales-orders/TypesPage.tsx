import { useMemo, useState } from 'react'
import { App, Button, Space, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  ConfiguredTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  Permission,
  SearchBar,
  pagedList,
  usePermission,
  useTablePaging,
  type ColumnDef,
  type SearchField,
} from '../../components'
import { typeListQuery, useTypeMutations, type TypeKind } from './api'
import { TypeDialog } from './components/TypeDialog'
import { typePermissions } from './permissions'
import { failureMessage } from './serverErrors'
import type { OrderKindType } from './types'

/**
 * The order types or the product types (docs/decisions/0011, "Order and product types"): a
 * search by code or name, the table (code, name, sort order, enabled, remark) sorted and paged on
 * the server, create and edit in a dialog, delete after confirming (the server refuses a type
 * orders use, and its message is shown).
 */
export function TypesPage({ kind }: { kind: TypeKind }) {
  const { t } = useTranslation('sales-orders')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const perms = typePermissions(kind)
  const [filter, setFilter] = useState<string | undefined>()
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(useQuery(typeListQuery({ kind, filter, sorting, ...paging.request })))
  const { removeType } = useTypeMutations(kind)
  const [editing, setEditing] = useState<Partial<OrderKindType> | null>(null)
  const canEdit = has(perms.edit)
  const canDelete = has(perms.remove)

  const searchFields: SearchField[] = [{ name: 'filter', label: t('type.filter'), type: 'text', placeholder: t('type.filterPlaceholder') }]

  const columns = useMemo<ColumnDef<OrderKindType>[]>(
    () => [
      { key: 'code', title: t('type.field.code'), width: 160, sortable: true, alwaysShown: true, render: (_v, r) => <span data-testid="type-code">{r.code}</span> },
      { key: 'name', title: t('type.field.name'), width: 180, sortable: true },
      { key: 'sort', title: t('type.field.sort'), width: 90, sortable: true, align: 'right' },
      {
        key: 'isEnable',
        title: t('type.field.isEnable'),
        width: 90,
        sortable: true,
        render: (_v, r) => (r.isEnable ? <Tag color="green">{t('type.enabled')}</Tag> : <Tag>{t('type.disabled')}</Tag>),
      },
      {
        key: 'remark',
        title: t('type.field.remark'),
        width: 260,
        render: (_v, r) => (
          <Typography.Text ellipsis={{ tooltip: r.remark }} style={{ maxWidth: 240 }}>
            {r.remark}
          </Typography.Text>
        ),
      },
    ],
    [t],
  )

  const del = (row: OrderKindType) =>
    modal.confirm({
      title: t('tips'),
      content: t(`type.${kind}.confirmDelete`, { name: row.name, code: row.code }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await removeType.mutateAsync(row.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setFilter(typeof v.filter === 'string' ? v.filter : undefined)
          paging.reset()
        }}
        testId="type-search"
      />
      <ConfiguredTable<OrderKindType>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filter ? t('type.emptySearch') : t(`type.${kind}.empty`)}
        testId="types"
        toolbar={
          <Permission value={perms.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="type-add">
              {t(`type.${kind}.create`)}
            </Button>
          </Permission>
        }
        actions={
          canEdit || canDelete
            ? {
                title: t('actions'),
                fixed: 'right',
                width: 120,
                render: (_: unknown, row: OrderKindType) => (
                  <Space size={0} data-testid="type-actions" data-code={row.code}>
                    {canEdit ? (
                      <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="type-edit">
                        {t('edit')}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button type="link" size="small" danger onClick={() => del(row)} data-testid="type-delete">
                        {t('delete')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              }
            : undefined
        }
      />
      <TypeDialog kind={kind} row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}

/** order-types/index. */
export const OrderTypesPage = () => <TypesPage kind="orderTypes" />
/** product-types/index. */
export const ProductTypesPage = () => <TypesPage kind="productTypes" />
