// Test support of the detail-table configuration page (not part of the app): the rows the
// server answers, the order types and the application configuration the page reads.
import { QueryClient } from '@tanstack/react-query'
import { mockApi, testQueryClient, type ApiCall, type ApiHandler } from '../../test/render'
import { sessionKeys } from '../../api/session'
import { Permissions } from '../../components'
import type { DetailTableRow, OrderType } from './types'

export const TYPE_A = '11111111-1111-1111-1111-111111111111'
export const TYPE_B = '22222222-2222-2222-2222-222222222222'

export const ORDER_TYPES: OrderType[] = [
  { id: TYPE_A, code: 'STD', name: 'Standard', sort: 1, isEnable: true, remark: '', concurrencyStamp: 'a', creationTime: '2026-01-01T00:00:00Z', creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null },
  { id: TYPE_B, code: 'AFT', name: 'After-sales', sort: 2, isEnable: true, remark: '', concurrencyStamp: 'b', creationTime: '2026-01-01T00:00:00Z', creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null },
]

const actions = (names: string[] = ['SalesOrder.Details.Create']) => ({ create: names, importExcel: [], clear: ['SalesOrder.Details.Clear'], select: [], export: [] })

function row(id: string, key: DetailTableRow['key'], sort: number, over: Partial<DetailTableRow> = {}): DetailTableRow {
  return {
    id,
    tenantId: null,
    key,
    orderTypeId: null,
    shown: true,
    required: false,
    sort,
    columns: [],
    actions: actions(),
    concurrencyStamp: `stamp-${id}`,
    creationTime: '2026-01-05T08:30:00Z',
    creatorId: null,
    lastModificationTime: null,
    lastModifierId: null,
    isDeleted: false,
    ...over,
  }
}

/** The configuration the server holds: the default rows and one row of its own for type A. */
export function configRows(): DetailTableRow[] {
  return [
    row('r1', 'product', 1, {
      required: true,
      columns: [
        { key: 'name', displayWidth: 200 },
        { key: 'count', widget: 'number' },
        { key: 'price', widget: 'number', defaultValue: '0' },
        { key: 'amount', widget: 'number', compute: 'price * count' },
      ],
    }),
    row('r2', 'matter', 2, {
      columns: [
        { key: 'length' },
        { key: 'width' },
        { key: 'count', widget: 'number' },
        { key: 'area', widget: 'number', compute: 'round(length * width / 1000000, 3)' },
      ],
    }),
    row('r3', 'standardProduct', 3),
    row('r4', 'salesLists', 4),
    row('r5', 'examine', 5, { actions: { create: [], importExcel: [], clear: [], select: [], export: [] } }),
    row('r6', 'product', 1, { orderTypeId: TYPE_A, columns: [{ key: 'name' }] }),
  ]
}

/** The permissions the user holds; the app configuration also defines a few others. */
export const GRANTED = [Permissions['SalesOrder.DetailTables']]
export const POLICIES = ['SalesOrder.DetailTables', 'SalesOrder.Details', 'SalesOrder.Details.Create', 'SalesOrder.Details.Clear', 'SalesOrder.Details.Export', 'AbpIdentity.Users']

/** A query client holding the application configuration: granted and defined policies. */
export function clientWith(granted: readonly string[] = GRANTED): QueryClient {
  const client = testQueryClient()
  client.setQueryData(sessionKeys.config, {
    auth: {
      grantedPolicies: Object.fromEntries(granted.map((n) => [n, true])),
      policies: Object.fromEntries(POLICIES.map((n) => [n, true])),
    },
  })
  return client
}

/** Answers the page's calls; `extra` adds or replaces handlers (the PUT, the preview). */
export function serveConfig(rows: () => DetailTableRow[] = configRows, extra: Record<string, ApiHandler> = {}): ApiCall[] {
  return mockApi({
    'GET /api/sales-order/detail-tables/config': () => ({ items: rows() }),
    'GET /api/app/sales-order-types/enabled': () => ({ items: ORDER_TYPES }),
    ...extra,
  })
}

/** A 400 answer in the ABP shape. */
export function invalid(message: string, validationErrors: { message: string; members: string[] }[]) {
  return new Response(JSON.stringify({ error: { code: 'Validation', message, validationErrors } }), { status: 400, headers: { 'content-type': 'application/json' } })
}
