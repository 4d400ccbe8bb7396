import { Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { ColumnDef } from '../../components'
import { StatusTag } from '../../components/order-status'
import { formatDay, formatMoney, formatTime } from './format'
import { ORDER_AMOUNT_FIELDS, ORDER_DATE_FIELDS, ORDER_FLAG_FIELDS, type SalesOrder } from './types'

/** The order screen of an order. */
export const orderPath = (id: string) => `/sales/orders/${encodeURIComponent(id)}`

/** Columns shown until the user configures the table (the rest can be ticked in the column dialog). */
const SHOWN_BY_DEFAULT = new Set([
  'salesOrderId',
  'status',
  'orderTypeName',
  'productTypeName',
  'dealerName',
  'customerName',
  'customerPhone',
  'orderdate',
  'deliveryDate',
  'totalPrice',
  'totalSumPrice',
  'payTotal',
  'differencePrice',
  'isUrgent',
  'creatorName',
  'creationTime',
])

function yesNo(t: TFunction, v: unknown) {
  return v ? <Tag color="blue">{t('yes')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>
}

/**
 * Every column of an order list (spec 000 §3 "Sales order list fields used in filters"): the
 * keys are the list's JSON names, so the filters go out as `orderdateFrom`, `totalPriceMin`,
 * `IsShip` (docs/decisions/0011) and the page configuration keeps them. Sortable where the
 * server's sorting whitelist has the field.
 */
export function orderColumns(t: TFunction): ColumnDef<SalesOrder>[] {
  const text = (key: keyof SalesOrder & string, width: number, sortable = true): ColumnDef<SalesOrder> => ({
    key,
    title: t(`field.${key}`),
    width,
    sortable,
    filter: 'text',
    ellipsis: true,
  })
  const cols: ColumnDef<SalesOrder>[] = [
    {
      key: 'salesOrderId',
      title: t('field.salesOrderId'),
      width: 170,
      sortable: true,
      filter: 'text',
      alwaysShown: true,
      render: (_v, r) => (
        <Link to={orderPath(r.id)} data-testid="order-number">
          {r.salesOrderId}
        </Link>
      ),
    },
    { key: 'status', title: t('field.status'), width: 100, sortable: true, render: (_v, r) => <StatusTag status={r.status} /> },
    { key: 'orderTypeName', title: t('field.orderTypeName'), width: 110, ellipsis: true },
    { key: 'productTypeName', title: t('field.productTypeName'), width: 110, ellipsis: true },
    text('dealerName', 140),
    text('customerName', 130),
    text('customerPhone', 130, false),
    text('customerAddress', 200, false),
    ...ORDER_DATE_FIELDS.map(
      (key): ColumnDef<SalesOrder> => ({
        key,
        title: t(`field.${key}`),
        width: 120,
        sortable: true,
        filter: 'dateRange',
        render: (_v, r) => formatDay(r[key]),
      }),
    ),
    ...ORDER_AMOUNT_FIELDS.map(
      (key): ColumnDef<SalesOrder> => ({
        key,
        title: t(`field.${key}`),
        width: 120,
        sortable: true,
        filter: 'number',
        align: 'right',
        render: (_v, r) => formatMoney(r[key]),
      }),
    ),
    { key: 'isUrgent', title: t('field.isUrgent'), width: 80, filter: 'boolean', render: (_v, r) => (r.isUrgent ? <Tag color="red">{t('order.urgent')}</Tag> : yesNo(t, false)) },
    ...ORDER_FLAG_FIELDS.map(
      (key): ColumnDef<SalesOrder> => ({
        key,
        title: t(`field.${key}`),
        width: 100,
        filter: 'boolean',
        render: (_v, r) => yesNo(t, r[key]),
      }),
    ),
    text('remark', 200, false),
    text('creatorName', 110, false),
    { key: 'creationTime', title: t('field.creationTime'), width: 150, sortable: true, filter: 'dateRange', render: (_v, r) => formatTime(r.creationTime) },
  ]
  return cols.map((c) => (SHOWN_BY_DEFAULT.has(c.key) ? c : { ...c, hidden: true }))
}
