// Test support of the order screen (not part of the app): a stand-in server with one order,
// its detail tables, lines, files and the import lookups.
import { mockApi, pageOf, type ApiCall, type ApiHandler } from '../../test/render'
import type { DetailAction, DetailColumn, DetailTable, Line, OrderFile, SalesOrder, StatusLog, TableKey } from './types'

export const ORDER_ID = 'o-1'

const audit = (id: string) => ({
  id,
  tenantId: null,
  creationTime: '2025-01-15T08:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
  concurrencyStamp: `${id}-stamp`,
})

export const order = (over: Partial<SalesOrder> = {}): SalesOrder => ({
  ...audit(ORDER_ID),
  salesOrderId: 'SO202501150001',
  status: 0,
  orderTypeId: 'type-1',
  orderTypeName: 'Standard order',
  productTypeId: null,
  productTypeName: 'Wardrobes',
  salesmanId: null,
  creatorName: 'admin',
  customerName: 'Li Lei',
  customerPhone: '13800000000',
  customerAddress: '',
  dealerName: 'North dealer',
  remark: '',
  desginId: '',
  isUrgent: true,
  totalPrice: 20,
  discountTotal: 0,
  logisticsPrice: 5,
  totalSumPrice: 25,
  payTotal: 0,
  differencePrice: 25,
  bill: 0,
  orderdate: null,
  paydate: null,
  deliveryDate: null,
  secondDeliveryDate: null,
  actualDeliveryDate: null,
  transferDate: null,
  closeFileDate: null,
  finalPaymentTime: null,
  isH5: false,
  IsShip: false,
  isImportConfirmed: false,
  isDesigner: false,
  isCloseFile: false,
  allowedActions: ['submit', 'cancel'],
  concurrencyStamp: 'stamp-1',
  ...over,
})

export const productColumns: DetailColumn[] = [
  { key: 'name', displayName: 'Name' },
  { key: 'price', displayName: 'Price', widget: 'number' },
  { key: 'count', displayName: 'Count', widget: 'number' },
  { key: 'amount', displayName: 'Amount', compute: 'price * count' },
]

export const ALL_ACTIONS: DetailAction[] = ['create', 'importExcel', 'clear', 'select', 'export']

const shown = (key: DetailTable['key'], displayName: string, over: Partial<DetailTable> = {}): DetailTable => ({
  key,
  displayName,
  required: false,
  sort: 0,
  columns: productColumns,
  actions: { create: [], importExcel: [], clear: [], select: [], export: [] },
  grantedActions: [],
  showActions: true,
  ...over,
})

export const tables = (over: Partial<Record<TableKey, Partial<DetailTable>>> = {}): DetailTable[] => [
  shown('product', 'Products', { required: true, grantedActions: ALL_ACTIONS, ...over.product }),
  shown('matter', 'Parts', { grantedActions: ['export'], ...over.matter }),
  shown('examine', 'Review', { columns: [], showActions: false, ...over.examine }),
]

/** A line of the product table. */
export const line = (id: string, over: Partial<Line> = {}): Line => ({
  ...audit(id),
  salesOrderId: ORDER_ID,
  table: 'product',
  lineNo: 1,
  sourceId: null,
  name: '',
  code: '',
  length: null,
  width: null,
  height: null,
  color: '',
  unit: '',
  price: 0,
  count: 1,
  amount: 0,
  remark: '',
  cabinet: '',
  values: {},
  ...over,
})

export const productLines: Line[] = [
  line('l-1', { name: 'Cabinet', price: 10, count: 1, amount: 10, concurrencyStamp: 'ls-1' }),
  line('l-2', { lineNo: 2, name: 'Door', price: 5, count: 2, amount: 10, concurrencyStamp: 'ls-2' }),
]

export const files: OrderFile[] = [
  {
    ...audit('f-1'),
    salesOrderId: ORDER_ID,
    fileDescriptorId: 'd-1',
    fileName: 'plan.pdf',
    fileType: 'pdf',
    mimeType: 'application/pdf',
    size: 2048,
    category: 'order',
    isSuccess: true,
    errorMessage: '',
  },
]

export const logs: StatusLog[] = [
  { ...audit('log-1'), orderId: ORDER_ID, fromStatus: 0, toStatus: 10, action: 'submit', comment: '', userId: null, userName: 'admin' },
]

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
