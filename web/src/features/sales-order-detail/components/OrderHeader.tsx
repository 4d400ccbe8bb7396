import { Descriptions, Tag } from 'antd'
import type { DescriptionsProps } from 'antd'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { StatusTag } from '../../../components/order-status'
import type { SalesOrder } from '../types'

/** The amounts of the header, in the order the business reads them (spec 000 §3). */
export const HEADER_AMOUNTS = ['totalPrice', 'discountTotal', 'logisticsPrice', 'totalSumPrice', 'payTotal', 'differencePrice'] as const

/** Money as the header shows it: two places. */
export function formatMoney(v: number | null | undefined): string {
  const n = typeof v === 'number' && Number.isFinite(v) ? v : 0
  return n.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

/** The order's header: number, status, type, customer, dealer, urgency and the amounts the server derives. */
export function OrderHeader({ order }: { order: SalesOrder }) {
  const { t } = useTranslation('sales-order-detail')
  const text = (v: string | null | undefined) => v || '—'
  const items: DescriptionsProps['items'] = [
    { key: 'salesOrderId', label: t('field.salesOrderId'), children: <span data-testid="order-number">{order.salesOrderId}</span> },
    { key: 'status', label: t('field.status'), children: <StatusTag status={order.status} /> },
    { key: 'orderType', label: t('field.orderType'), children: text(order.orderTypeName) },
    { key: 'productType', label: t('field.productType'), children: text(order.productTypeName) },
    { key: 'customerName', label: t('field.customerName'), children: text(order.customerName) },
    { key: 'customerPhone', label: t('field.customerPhone'), children: text(order.customerPhone) },
    { key: 'dealerName', label: t('field.dealerName'), children: text(order.dealerName) },
    {
      key: 'isUrgent',
      label: t('field.isUrgent'),
      children: order.isUrgent ? (
        <Tag color="red" data-testid="order-urgent">
          {t('urgent')}
        </Tag>
      ) : (
        t('no')
      ),
    },
    { key: 'customerAddress', label: t('field.customerAddress'), children: text(order.customerAddress) },
    { key: 'creator', label: t('field.creator'), children: text(order.creatorName) },
    { key: 'creationTime', label: t('field.creationTime'), children: order.creationTime ? dayjs(order.creationTime).format('YYYY-MM-DD HH:mm') : '—' },
    ...HEADER_AMOUNTS.map((k) => ({
      key: k,
      label: t(`field.${k}`),
      children: (
        <strong data-testid={`amount-${k}`} data-value={order[k] ?? 0}>
          {formatMoney(order[k])}
        </strong>
      ),
    })),
  ]
  if (order.remark) items.push({ key: 'remark', label: t('field.remark'), children: order.remark, span: 'filled' })
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items} data-testid="order-header" />
}
