import dayjs, { type Dayjs } from 'dayjs'
import {
  ORDER_DATE_FIELDS,
  ORDER_FLAG_FIELDS,
  ORDER_INPUT_AMOUNTS,
  type OrderDateField,
  type OrderFlagField,
  type OrderInputAmount,
  type SalesOrder,
  type UpdateSalesOrderInput,
} from './types'

/** What the order dialog edits. */
export type OrderFormValues = {
  orderTypeId?: string
  productTypeId?: string
  dealerName: string
  customerName: string
  customerPhone: string
  customerAddress: string
  isUrgent: boolean
  remark: string
} & Record<OrderDateField, Dayjs | null> &
  Record<OrderInputAmount, number | null> &
  Record<OrderFlagField, boolean>

/** The form's fields (a server message naming one of them shows on it). */
export const ORDER_FORM_FIELDS: ReadonlySet<string> = new Set([
  'orderTypeId',
  'productTypeId',
  'dealerName',
  'customerName',
  'customerPhone',
  'customerAddress',
  'isUrgent',
  'remark',
  ...ORDER_DATE_FIELDS,
  ...ORDER_INPUT_AMOUNTS,
  ...ORDER_FLAG_FIELDS,
])

function toDay(v: string | null | undefined): Dayjs | null {
  if (!v) return null
  const d = dayjs(v)
  return d.isValid() ? d.startOf('day') : null
}

/** An order (or nothing, for a new one: today's order date, the first enabled order type) as the form's values. */
export function toOrderForm(o: Partial<SalesOrder>, defaults: { orderTypeId?: string } = {}): OrderFormValues {
  const v = {
    orderTypeId: o.orderTypeId ?? defaults.orderTypeId,
    productTypeId: o.productTypeId ?? undefined,
    dealerName: o.dealerName ?? '',
    customerName: o.customerName ?? '',
    customerPhone: o.customerPhone ?? '',
    customerAddress: o.customerAddress ?? '',
    isUrgent: !!o.isUrgent,
    remark: o.remark ?? '',
  } as OrderFormValues
  for (const k of ORDER_DATE_FIELDS) v[k] = o.id ? toDay(o[k]) : k === 'orderdate' ? dayjs().startOf('day') : null
  for (const k of ORDER_INPUT_AMOUNTS) v[k] = typeof o[k] === 'number' ? (o[k] as number) : null
  for (const k of ORDER_FLAG_FIELDS) v[k] = !!o[k]
  return v
}

/**
 * A chosen day as the server reads a date: its midnight in the user's zone (RFC 3339 with the
 * offset). The server reads a filter's days in its own zone, which is the users' in a
 * deployment; the lists show dates in the user's zone.
 */
export function dayToApi(d: Dayjs | null | undefined): string | undefined {
  if (!d || !d.isValid()) return undefined
  return d.startOf('day').format()
}

/**
 * The body of a create or update: texts trimmed, empty amounts 0; unset dates and no product
 * type are left out (an update clears what it leaves out).
 */
export function toOrderBody(v: OrderFormValues, concurrencyStamp?: string): UpdateSalesOrderInput {
  const body: UpdateSalesOrderInput = {
    orderTypeId: v.orderTypeId ?? '',
    dealerName: (v.dealerName ?? '').trim(),
    customerName: (v.customerName ?? '').trim(),
    customerPhone: (v.customerPhone ?? '').trim(),
    customerAddress: (v.customerAddress ?? '').trim(),
    isUrgent: !!v.isUrgent,
    remark: (v.remark ?? '').trim(),
  }
  if (v.productTypeId) body.productTypeId = v.productTypeId
  for (const k of ORDER_DATE_FIELDS) {
    const day = dayToApi(v[k])
    if (day) body[k] = day
  }
  for (const k of ORDER_INPUT_AMOUNTS) body[k] = typeof v[k] === 'number' && Number.isFinite(v[k]) ? (v[k] as number) : 0
  for (const k of ORDER_FLAG_FIELDS) body[k] = !!v[k]
  if (concurrencyStamp) body.concurrencyStamp = concurrencyStamp
  return body
}

/** A server member as a field of the form (`body.customerName`, `CustomerName` → `customerName`), or null. */
export function formField(member: string, fields: ReadonlySet<string> = ORDER_FORM_FIELDS): string | null {
  const m = member.replace(/^body\./, '')
  if (fields.has(m)) return m
  const lower = m.charAt(0).toLowerCase() + m.slice(1)
  if (fields.has(lower)) return lower
  for (const f of fields) if (f.toLowerCase() === m.toLowerCase()) return f
  return null
}
