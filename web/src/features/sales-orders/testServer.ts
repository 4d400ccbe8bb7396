// Test support of the sales-order pages (not part of the app): a stand-in server with orders,
// their product lines, order and product types, and the page configuration the tables read.
import dayjs from 'dayjs'
import { mockApi, pageOf, type ApiCall, type ApiHandler } from '../../test/render'
import type { OrderKindType, OrderLine, SalesOrder } from './types'

/** An audited row's fields, as the server answers them. */
export const audited = (id: string) => ({
  id,
  tenantId: 't-demo',
  concurrencyStamp: `stamp-${id}`,
  creationTime: '2026-01-05T08:30:00Z',
  creatorId: 'u-admin',
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
})

/** An order or product type. */
export function kindType(id: string, code: string, name: string, sort: number, over: Partial<OrderKindType> = {}): OrderKindType {
  return { ...audited(id), code, name, sort, isEnable: true, remark: '', ...over }
}

export const ORDER_TYPES: OrderKindType[] = [
  kindType('ot-std', 'STD', 'Standard order', 1),
  kindType('ot-sample', 'SAMPLE', 'Sample order', 2, { remark: 'Showroom samples' }),
]
export const PRODUCT_TYPES: OrderKindType[] = [kindType('pt-kitchen', 'KITCHEN', 'Kitchen cabinets', 1), kindType('pt-wardrobe', 'WARDROBE', 'Wardrobes', 2)]

/** An order as the server answers it. */
export function order(n: number, over: Partial<SalesOrder> = {}): SalesOrder {
  const id = `o-${n}`
  return {
    ...audited(id),
    salesmanId: null,
    salesOrderId: `SO2026010500${String(n).padStart(2, '0')}`,
    status: 0,
    orderTypeId: 'ot-std',
    orderTypeName: 'Standard order',
    productTypeId: 'pt-kitchen',
    productTypeName: 'Kitchen cabinets',
    dealerName: 'North dealer',
    customerName: `Customer ${n}`,
    customerPhone: '13800000000',
    customerAddress: 'Road 1',
    isUrgent: false,
    remark: '',
    desginId: '',
    creatorName: 'admin',
    orderdate: dayjs('2026-01-05').format(),
    paydate: null,
    deliveryDate: dayjs('2026-02-01').format(),
    secondDeliveryDate: null,
    actualDeliveryDate: null,
    transferDate: null,
    closeFileDate: null,
    finalPaymentTime: null,
    totalPrice: 1000,
    discountTotal: 50,
    logisticsPrice: 20,
    totalSumPrice: 970,
    payTotal: 500,
    differencePrice: 470,
    bill: 0,
    isH5: false,
    IsShip: false,
    isImportConfirmed: false,
    isDesigner: false,
    isCloseFile: false,
    ...over,
  }
}

/** A product line of an order. */
export function line(orderId: string, n: number, over: Partial<OrderLine> = {}): OrderLine {
  return { ...audited(`${orderId}-l${n}`), salesOrderId: orderId, table: 'product', sourceId: null, cabinet: '', values: {}, lineNo: n, name: `Base cabinet ${n}`, code: `B${n}`, length: 600, width: 560, height: 720, color: 'Oak', unit: 'pc', price: 250, count: 2, amount: 500, remark: '', ...over }
}

/** A 400 answer in the ABP shape. */
export function invalid(message: string, validationErrors: { message: string; members: string[] }[] = []) {
  return new Response(JSON.stringify({ error: { code: 'Validation', message, validationErrors } }), { status: 400, headers: { 'content-type': 'application/json' } })
}

/** Answers the calls the order pages make: the lists (as given), lines, types, page configuration. */
export function serveOrders(world: { orders: SalesOrder[]; lines?: OrderLine[]; orderTypes?: OrderKindType[]; productTypes?: OrderKindType[] }, extra: Record<string, ApiHandler> = {}): ApiCall[] {
  const orderTypes = world.orderTypes ?? ORDER_TYPES
  const productTypes = world.productTypes ?? PRODUCT_TYPES
  const routes: Record<string, ApiHandler> = {
    'GET /api/app/salesorder/issystemadmin': () => false,
    'GET /api/app/salesorder': (c) => {
      const f = (c.query.get('Filter') ?? '').toLowerCase()
      const status = c.query.get('Status')
      const urgent = c.query.get('isUrgent')
      const rows = world.orders.filter(
        (o) =>
          (!f || o.salesOrderId.toLowerCase().includes(f) || o.customerName.toLowerCase().includes(f)) &&
          (status === null || String(o.status) === status) &&
          (urgent === null || String(o.isUrgent) === urgent),
      )
      return pageOf(rows, c)
    },
    'GET /api/sales-order/sales-order-products': (c) => pageOf((world.lines ?? []).filter((l) => l.salesOrderId === c.query.get('salesOrderId')), c),
    'GET /api/app/sales-order-types/enabled': () => ({ items: orderTypes.filter((x) => x.isEnable) }),
    'GET /api/app/product-types/enabled': () => ({ items: productTypes.filter((x) => x.isEnable) }),
    'GET /api/app/sales-order-types': (c) => pageOf(orderTypes, c),
    'GET /api/app/product-types': (c) => pageOf(productTypes, c),
    ...extra,
  }
  // Every route's page configuration: none saved.
  for (const key of ['zzzsaleszzzorders', 'zzzsaleszzzorder-trackingzzzall', 'zzzsaleszzzorder-trackingzzzown', 'zzzsaleszzzorder-trackingzzzpending', 'zzzsaleszzzorder-trackingzzzhistory', 'zzzsaleszzzorder-types', 'zzzsaleszzzproduct-types'])
    routes[`GET /api/pageconfiguration/config/${key}`] ??= () => ({ routeKey: key, config: '', source: 'none', allowed: true, hiddenFields: [] })
  return mockApi(routes)
}
