/**
 * Shapes of the sales-order lists (docs/decisions/0011, "Settled at build"). Written by hand
 * until the server's routes are in the generated schema; then aliases of `Schemas[...]`.
 */

/** The eight dates of an order (nullable, ISO 8601). */
export const ORDER_DATE_FIELDS = [
  'orderdate',
  'paydate',
  'deliveryDate',
  'secondDeliveryDate',
  'actualDeliveryDate',
  'transferDate',
  'closeFileDate',
  'finalPaymentTime',
] as const
export type OrderDateField = (typeof ORDER_DATE_FIELDS)[number]

/** The seven amounts of an order; the server derives totalPrice, totalSumPrice and differencePrice. */
export const ORDER_AMOUNT_FIELDS = ['totalPrice', 'discountTotal', 'logisticsPrice', 'totalSumPrice', 'payTotal', 'differencePrice', 'bill'] as const
export type OrderAmountField = (typeof ORDER_AMOUNT_FIELDS)[number]

/** The amounts a user enters; the others are the server's. */
export const ORDER_INPUT_AMOUNTS = ['discountTotal', 'logisticsPrice', 'payTotal', 'bill'] as const
export type OrderInputAmount = (typeof ORDER_INPUT_AMOUNTS)[number]

/** The amounts the server derives from the lines (shown read-only). */
export const ORDER_DERIVED_AMOUNTS = ['totalPrice', 'totalSumPrice', 'differencePrice'] as const

/** The flags of an order besides urgent (the spec's spellings: `IsShip`). */
export const ORDER_FLAG_FIELDS = ['isH5', 'IsShip', 'isImportConfirmed', 'isDesigner', 'isCloseFile'] as const
export type OrderFlagField = (typeof ORDER_FLAG_FIELDS)[number]

/** POST /api/app/salesorder, PUT …/{id} (with concurrencyStamp). */
export type SalesOrderInput = {
  orderTypeId: string
  productTypeId?: string | null
  dealerName?: string
  customerName: string
  customerPhone?: string
  customerAddress?: string
  isUrgent?: boolean
  remark?: string
  concurrencyStamp?: string
} & Partial<Record<OrderDateField, string | null>> &
  Partial<Record<OrderInputAmount, number>> &
  Partial<Record<OrderFlagField, boolean>>

/** An order as the list and GET …/{id} answer it. */
export type SalesOrder = {
  id: string
  salesOrderId: string
  status: number
  orderTypeId: string
  orderTypeName?: string | null
  productTypeId?: string | null
  productTypeName?: string | null
  dealerName?: string | null
  customerName: string
  customerPhone?: string | null
  customerAddress?: string | null
  isUrgent: boolean
  remark?: string | null
  desginId?: string | null
  creatorId?: string | null
  creatorName?: string | null
  creationTime: string
  concurrencyStamp: string
  allowedActions?: string[] | null
} & Record<OrderDateField, string | null | undefined> &
  Record<OrderAmountField, number> &
  Record<OrderFlagField, boolean>

/** An order type or a product type (…/sales-order-types, …/product-types). */
export interface OrderKindType {
  id: string
  code: string
  name: string
  sort: number
  isEnable: boolean
  remark?: string | null
  creationTime?: string
  concurrencyStamp: string
}

/** Body of POST / PUT of an order type or product type. */
export interface OrderKindTypeInput {
  code: string
  name: string
  sort: number
  isEnable: boolean
  remark?: string
  concurrencyStamp?: string
}

/** A product line of an order (GET /api/sales-order/sales-order-products). */
export interface OrderLine {
  id: string
  salesOrderId: string
  lineNo: number
  name: string
  code?: string | null
  length?: number | null
  width?: number | null
  height?: number | null
  color?: string | null
  unit?: string | null
  price: number
  count: number
  amount: number
  remark?: string | null
}

/** The lists of orders: all, mine (created or sold by me), waiting for me, history. */
export type OrderScope = 'all' | 'own' | 'pending' | 'history'
