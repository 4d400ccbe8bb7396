export { ORDER_STATUSES, OrderStatus, StatusTag, statusColor, statusKey, statusLabel, useStatusLabel } from './OrderStatus'
export type { OrderStatusValue } from './OrderStatus'
