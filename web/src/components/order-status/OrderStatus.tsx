import { Tag } from 'antd'
import { ORDER_STATUS_NS, useOrderStatusT } from './texts'

/**
 * The statuses of a sales order and their numbers (docs/decisions/0011, "Statuses and who moves
 * them"). The numbers are the server's; the names are this component's texts (the order lists
 * and the order screen share them).
 */
export const OrderStatus = {
  Draft: 0,
  Submitted: 10,
  InReview: 20,
  Confirmed: 30,
  InProduction: 40,
  Shipped: 50,
  Closed: 60,
  Cancelled: 90,
} as const

export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus]

/** Every status in its order, for selects. */
export const ORDER_STATUSES: readonly OrderStatusValue[] = Object.values(OrderStatus)

const KEYS: Record<OrderStatusValue, string> = {
  0: 'draft',
  10: 'submitted',
  20: 'inReview',
  30: 'confirmed',
  40: 'inProduction',
  50: 'shipped',
  60: 'closed',
  90: 'cancelled',
}

const COLORS: Record<OrderStatusValue, string> = {
  0: 'default',
  10: 'blue',
  20: 'orange',
  30: 'cyan',
  40: 'purple',
  50: 'geekblue',
  60: 'green',
  90: 'red',
}

function isStatus(v: number): v is OrderStatusValue {
  return Object.prototype.hasOwnProperty.call(KEYS, v)
}

/** The text key of a status in the `order-status` namespace (`status.draft`, …). */
export function statusKey(status: number): string {
  return isStatus(status) ? `status.${KEYS[status]}` : 'status.unknown'
}

/** The colour of a status's tag. */
export function statusColor(status: number): string {
  return isStatus(status) ? COLORS[status] : 'default'
}

type TFn = (key: string, opts?: Record<string, unknown>) => string

/** A status's name in the current language: `statusLabel(t, 10)` → 已提交 / Submitted. */
export function statusLabel(t: TFn, status: number): string {
  return t(statusKey(status), { ns: ORDER_STATUS_NS, value: status })
}

/** The hook form: `const label = useStatusLabel(); label(10)`. */
export function useStatusLabel(): (status: number) => string {
  const { t } = useOrderStatusT()
  return (status) => statusLabel(t as TFn, status)
}

/** A sales order's status as a coloured tag. */
export function StatusTag({ status }: { status: number }) {
  const label = useStatusLabel()
  return (
    <Tag color={statusColor(status)} data-status={status}>
      {label(status)}
    </Tag>
  )
}
