// Test support of the order screen (not part of the app): a stand-in server with one order,
// its detail tables, lines, files and the import lookups.
import { mockApi, pageOf, type ApiCall, type ApiHandler } from '../../test/render'
import type { DetailTable, Line, OrderFile, SalesOrder, StatusLog } from './types'

export const ORDER_ID = 'o-1'

export const order = (over: Partial<SalesOrder> = {}): SalesOrder => ({
  id: ORDER_ID,
  salesOrderId: 'SO202501150001',
  status: 0,
  orderTypeId: 'type-1',
  orderTypeName: 'Standard order',
  productTypeName: 'Wardrobes',
  customerName: 'Li Lei',
  customerPhone: '13800000000',
  dealerName: 'North dealer',
  isUrgent: true,
  totalPrice: 20,
  discountTotal: 0,
  logisticsPrice: 5,
  totalSumPrice: 25,
  payTotal: 0,
  differencePrice: 25,
  allowedActions: ['submit', 'cancel'],
  concurrencyStamp: 'stamp-1',
  ...over,
})

export const productColumns = [
  { key: 'name', displayName: 'Name' },
  { key: 'price', displayName: 'Price', widget: 'number' },
  { key: 'count', displayName: 'Count', widget: 'number' },
  { key: 'amount', displayName: 'Amount', compute: 'price * count' },
]

export const ALL_ACTIONS = ['create', 'importExcel', 'clear', 'select', 'export'] as const

export const tables = (over: Partial<Record<string, Partial<DetailTable>>> = {}): DetailTable[] => [
  { key: 'product', displayName: 'Products', required: true, columns: productColumns, grantedActions: [...ALL_ACTIONS], ...over.product },
  { key: 'matter', displayName: 'Parts', required: false, columns: productColumns, grantedActions: ['export'], ...over.matter },
  { key: 'examine', displayName: 'Review', required: false, columns: [], grantedActions: [], ...over.examine },
]

export const productLines: Line[] = [
  { id: 'l-1', name: 'Cabinet', price: 10, count: 1, amount: 10, values: {}, concurrencyStamp: 'ls-1' },
  { id: 'l-2', name: 'Door', price: 5, count: 2, amount: 10, values: {}, concurrencyStamp: 'ls-2' },
]

export const files: OrderFile[] = [{ id: 'f-1', fileName: 'plan.pdf', fileType: 'pdf', size: 2048, creationTime: '2025-01-15T08:00:00Z', isSuccess: true }]

export const logs: StatusLog[] = [{ fromStatus: 0, toStatus: 0, action: 'create', userName: 'admin', creationTime: '2025-01-15T08:00:00Z' }]

export interface ServeOptions {
  order?: SalesOrder
  tables?: DetailTable[]
  lines?: Line[]
  extra?: Record<string, ApiHandler>
}

/**
 * Answers every call the screen makes; `extra` replaces or adds handlers. The order is kept: an
 * order a status move or a batch update answers (its handler in `extra`) becomes what the next
 * read of the order answers, as on the server.
 */
export function serveOrder({ order: o = order(), tables: t = tables(), lines = productLines, extra = {} }: ServeOptions = {}): ApiCall[] {
  let current = o
  const keep = (h: ApiHandler | undefined): ApiHandler | undefined =>
    h &&
    (async (c) => {
      const out = await h(c)
      if (out && typeof out === 'object' && !(out instanceof Response) && (out as SalesOrder).id === ORDER_ID) {
        current = { ...current, ...(out as SalesOrder) }
        // like the server, the answer of a change carries no allowedActions
        const answer = { ...current } as Partial<SalesOrder>
        delete answer.allowedActions
        return answer
      }
      return out
    })
  const changes: Record<string, ApiHandler> = {}
  for (const route of [`POST /api/app/salesorder/${ORDER_ID}/status`, 'PUT /api/sales-order/sales-order-details/batch-update']) {
    const h = keep(extra[route])
    if (h) changes[route] = h
  }
  return mockApi({
    [`GET /api/app/salesorder/${ORDER_ID}`]: () => current,
    [`GET /api/app/salesorder/${ORDER_ID}/status-logs`]: () => ({ items: logs }),
    'GET /api/sales-order/detail-tables': () => ({ items: t }),
    'GET /api/sales-order/sales-order-products': (c) => pageOf(lines, c),
    'GET /api/sales-order/sales-order-parts': (c) => pageOf([], c),
    [`GET /api/app/salesorder/multifile/${ORDER_ID}`]: (c) => ({ items: c.query.get('category') === 'examine' ? [] : files }),
    'GET /api/basic-setup/import-rule-mappings/mapping-rules': (c) =>
      ({ items: c.query.get('moduleType') === '1' ? [{ id: 'rm-1', name: 'Product sheet', moduleType: 1, isDefault: true }] : [] }),
    'GET /api/split-order/import-split-mappings/enabled': () => ({ items: [{ id: 'sm-1', name: 'By type', isDefault: true }] }),
    ...extra,
    ...changes,
  })
}

export const calls = (all: ApiCall[], method: string, path: string) => all.filter((c) => c.method === method && c.path === path)
