/**
 * Shapes of the sales-order lists (docs/decisions/0011, "Settled at build"): aliases of the
 * types generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 */
import type { Schemas } from '../../api/types'

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

/** POST /api/app/salesorder. */
export type SalesOrderInput = Schemas['SalesorderSalesOrderInput']
/** PUT /api/app/salesorder/{id}: every editable field (absent ones are cleared) and the stamp read. */
export type UpdateSalesOrderInput = Schemas['SalesorderUpdateSalesOrderInput']

/** An order as the list and GET …/{id} answer it. */
export type SalesOrder = Schemas['SalesorderSalesOrder']

/** An order type or a product type (…/sales-order-types, …/product-types): the same shape. */
export type OrderKindType = Schemas['SalesorderOrderType'] | Schemas['SalesorderProductType']

/** Body of POST / PUT of an order type or product type. */
export type OrderKindTypeInput = Schemas['SalesorderTypeInput']

/** A line of an order (GET /api/sales-order/sales-order-products). */
export type OrderLine = Schemas['OrderdetailLine']

/** The lists of orders: all, mine (created or sold by me), waiting for me, history. */
export type OrderScope = 'all' | 'own' | 'pending' | 'history'
