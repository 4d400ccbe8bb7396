import { useMemo, useState } from 'react'
import { App, Button, Space, Tooltip } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import {
  ConfiguredTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  Permission,
  SearchBar,
  filterParams,
  pagedList,
  usePermission,
  useTablePaging,
  type ColumnFilters,
  type SearchField,
  type SearchValues,
} from '../../components'
import { enabledTypesQuery, orderListQuery, useOrderMutations, type OrderListRequest } from './api'
import { orderColumns, orderPath } from './columns'
import { OrderDialog } from './components/OrderDialog'
import { OrderLines } from './components/OrderLines'
import { SalesOrderPermissions as P } from './permissions'
import { failureMessage } from './serverErrors'
import { ORDER_STATUSES, OrderStatus, statusLabel } from '../../components/order-status'
import type { OrderScope, SalesOrder } from './types'

/** The statuses a history list holds (docs/decisions/0011: shipped, closed, cancelled). */
const HISTORY_STATUSES: readonly number[] = [OrderStatus.Shipped, OrderStatus.Closed, OrderStatus.Cancelled]
/** Only drafts and submitted orders are edited; only drafts deleted. */
const EDITABLE: readonly number[] = [OrderStatus.Draft, OrderStatus.Submitted]

/**
 * The search bar's values as the list's parameters: the keyword is the list's Filter; Status,
 * OrderTypeId and ProductTypeId as they are; the order-date range as `orderdateFrom`/`orderdateTo`.
 */
export function orderSearchParams(v: SearchValues): { filter?: string; params: Record<string, string | number | boolean> } {
  const params: Record<string, string | number | boolean> = {}
  for (const k of ['Status', 'OrderTypeId', 'ProductTypeId']) {
    const x = v[k]
    if (typeof x === 'string' || typeof x === 'number') params[k] = x
  }
  const range = v.orderdate
  if (Array.isArray(range)) {
    params.orderdateFrom = range[0]
    params.orderdateTo = range[1]
  }
  return { filter: typeof v.filter === 'string' ? v.filter : undefined, params }
}

export interface OrderListPageProps {
  /** all (the order list and tracking "all"), own, pending (waiting for me), history. */
  scope: OrderScope
}

/**
 * The order list (`/sales/orders`) and the four order-tracking lists (spec 000 §2, §3; spec 002
 * §2.4; docs/decisions/0011 "Lists"): the configured table with every list field, header filters
 * by type, server sorting and paging, urgent orders in red, each order's product lines under
 * its row; the search bar; create (not on the pending and history lists), open, edit and delete
 * (drafts only) by permission.
 */
export function OrderListPage({ scope }: OrderListPageProps) {
  const { t } = useTranslation('sales-orders')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const navigate = useNavigate()
  const { has } = usePermission()
  const [search, setSearch] = useState<SearchValues>({})
  const [filters, setFilters] = useState<ColumnFilters>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const columns = useMemo(() => orderColumns(t), [t])
  const orderTypes = useQuery(enabledTypesQuery('orderTypes'))
  const productTypes = useQuery(enabledTypesQuery('productTypes'))
  const { removeOrder } = useOrderMutations()
  const [editing, setEditing] = useState<Partial<SalesOrder> | null>(null)
  const canCreate = scope === 'all' || scope === 'own'
  const canEdit = has(P.OrdersEdit)
  const canDelete = has(P.OrdersDelete)
  const canReadLines = has(P.Details)

  const searched = orderSearchParams(search)
  const request: OrderListRequest = {
    scope,
    filter: searched.filter,
    sorting,
    ...paging.request,
    filters: { ...searched.params, ...filterParams(filters, columns) },
  }
  const list = pagedList(useQuery({ ...orderListQuery(request), placeholderData: keepPreviousData }))
  const isSearched = !!request.filter || Object.keys(request.filters ?? {}).length > 0

  const statuses = scope === 'history' ? HISTORY_STATUSES : ORDER_STATUSES
  const searchFields: SearchField[] = [
    { name: 'filter', label: t('search.filter'), type: 'text', placeholder: t('search.filterPlaceholder'), width: 220 },
    { name: 'Status', label: t('search.status'), type: 'select', options: statuses.map((s) => ({ value: s, label: statusLabel(t, s) })) },
    { name: 'OrderTypeId', label: t('search.orderType'), type: 'select', options: (orderTypes.data ?? []).map((x) => ({ value: x.id, label: x.name })) },
    { name: 'ProductTypeId', label: t('search.productType'), type: 'select', options: (productTypes.data ?? []).map((x) => ({ value: x.id, label: x.name })) },
    { name: 'orderdate', label: t('search.orderdate'), type: 'dateRange' },
  ]

  const del = (row: SalesOrder) =>
    modal.confirm({
      title: t('tips'),
      content: t('order.confirmDelete', { number: row.salesOrderId, customer: row.customerName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await removeOrder.mutateAsync(row.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  const emptyText = isSearched ? t('order.emptySearch') : scope === 'pending' ? t('order.emptyPending') : scope === 'history' ? t('order.emptyHistory') : t('order.empty')

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setSearch(v)
          paging.reset()
        }}
        testId="order-search"
      />
      <ConfiguredTable<SalesOrder>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        filters={filters}
        onFiltersChange={(f) => {
          setFilters(f)
          paging.reset()
        }}
        urgent={(r) => !!r.isUrgent}
        expandable={canReadLines ? { render: (r) => <OrderLines order={r} /> } : undefined}
        emptyText={emptyText}
        testId="orders"
        toolbar={
          canCreate ? (
            <Permission value={P.OrdersCreate}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="order-add">
                {t('order.create')}
              </Button>
            </Permission>
          ) : null
        }
        actions={{
          title: t('actions'),
          fixed: 'right',
          width: 150,
          render: (_: unknown, row: SalesOrder) => {
            const editable = EDITABLE.includes(row.status)
            const draft = row.status === OrderStatus.Draft
            return (
              <Space size={0} data-testid="order-actions" data-number={row.salesOrderId}>
                <Button type="link" size="small" onClick={() => navigate(orderPath(row.id))} data-testid="order-open">
                  {t('open')}
                </Button>
                {canEdit ? (
                  <Tooltip title={editable ? undefined : t('order.notEditable', { status: statusLabel(t, row.status) })}>
                    <Button type="link" size="small" disabled={!editable} onClick={() => setEditing(row)} data-testid="order-edit">
                      {t('edit')}
                    </Button>
                  </Tooltip>
                ) : null}
                {canDelete ? (
                  <Tooltip title={draft ? undefined : t('order.draftOnlyDelete')}>
                    <Button type="link" size="small" danger disabled={!draft} onClick={() => del(row)} data-testid="order-delete">
                      {t('delete')}
                    </Button>
                  </Tooltip>
                ) : null}
              </Space>
            )
          },
        }}
      />
      <OrderDialog order={editing} onClose={() => setEditing(null)} onCreated={(o) => navigate(orderPath(o.id))} />
    </PageContainer>
  )
}

/** sales-orders/index: every order. */
export const SalesOrdersPage = () => <OrderListPage scope="all" />
/** order-tracking/all. */
export const OrderTrackingAllPage = () => <OrderListPage scope="all" />
/** order-tracking/own: orders I created or sell. */
export const OrderTrackingOwnPage = () => <OrderListPage scope="own" />
/** order-tracking/pending: orders whose next move I may make. */
export const OrderTrackingPendingPage = () => <OrderListPage scope="pending" />
/** order-tracking/history: shipped, closed and cancelled orders. */
export const OrderTrackingHistoryPage = () => <OrderListPage scope="history" />
