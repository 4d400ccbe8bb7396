import { useMemo } from 'react'
import { Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable, pagedList } from '../../../components'
import { orderLinesQuery } from '../api'
import { orderPath } from '../columns'
import { formatMoney, formatNumber } from '../format'
import type { OrderLine, SalesOrder } from '../types'

/**
 * The product lines of an expanded order (read only): the first 50, as the order screen's
 * product tab pages them, and a link to the order when it has more.
 */
export function OrderLines({ order }: { order: SalesOrder }) {
  const { t } = useTranslation('sales-orders')
  const q = useQuery(orderLinesQuery(order.id))
  const list = pagedList(q)
  const columns = useMemo<ColumnsType<OrderLine>>(
    () => [
      { key: 'lineNo', dataIndex: 'lineNo', title: t('lines.lineNo'), width: 60 },
      { key: 'name', dataIndex: 'name', title: t('lines.name'), width: 180, ellipsis: true },
      { key: 'code', dataIndex: 'code', title: t('lines.code'), width: 120, ellipsis: true },
      ...(['length', 'width', 'height'] as const).map((k) => ({ key: k, title: t(`lines.${k}`), width: 80, align: 'right' as const, render: (_: unknown, r: OrderLine) => formatNumber(r[k]) })),
      { key: 'color', dataIndex: 'color', title: t('lines.color'), width: 90, ellipsis: true },
      { key: 'unit', dataIndex: 'unit', title: t('lines.unit'), width: 60 },
      { key: 'price', title: t('lines.price'), width: 100, align: 'right', render: (_: unknown, r: OrderLine) => formatMoney(r.price) },
      { key: 'count', title: t('lines.count'), width: 80, align: 'right', render: (_: unknown, r: OrderLine) => formatNumber(r.count) },
      { key: 'amount', title: t('lines.amount'), width: 110, align: 'right', render: (_: unknown, r: OrderLine) => formatMoney(r.amount) },
      { key: 'remark', dataIndex: 'remark', title: t('lines.remark'), ellipsis: true },
    ],
    [t],
  )
  const more = !q.isPending && list.total > list.rows.length
  return (
    <div data-testid="order-lines" data-order={order.salesOrderId}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {t('lines.title')}
      </Typography.Text>
      <DataTable<OrderLine> list={list} columns={columns} emptyText={t('lines.empty')} size="small" scroll={{ x: 'max-content' }} testId="order-lines" />
      {more ? (
        <Link to={orderPath(order.id)} data-testid="order-lines-more">
          {t('lines.more', { shown: list.rows.length, total: list.total })}
        </Link>
      ) : null}
    </div>
  )
}
