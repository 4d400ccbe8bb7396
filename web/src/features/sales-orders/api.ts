import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult } from '../../api/types'
import type { OrderKindType, OrderKindTypeInput, OrderLine, OrderScope, SalesOrder, SalesOrderInput, UpdateSalesOrderInput } from './types'

export const ORDERS_PATH = '/api/app/salesorder'
export const ORDER_TYPES_PATH = '/api/app/sales-order-types'
export const PRODUCT_TYPES_PATH = '/api/app/product-types'
export const PRODUCT_LINES_PATH = '/api/sales-order/sales-order-products'
/** Lines shown under an expanded order (the detail tables' page size, spec 000 §9). */
export const LINES_PAGE_SIZE = 50

/** The order types and the product types: the same small list, two paths. */
export type TypeKind = 'orderTypes' | 'productTypes'
export const TYPE_PATHS: Record<TypeKind, string> = { orderTypes: ORDER_TYPES_PATH, productTypes: PRODUCT_TYPES_PATH }

/** An order list request: the scope, the search bar's values and the column filters (filterParams). */
export interface OrderListRequest extends ListRequest {
  scope: OrderScope
  /** Status, OrderTypeId, ProductTypeId, `orderdateFrom`, `totalPriceMin`, `IsShip`, … */
  filters?: Record<string, string | number | boolean>
}

/** A list request of order or product types. */
export interface TypeListRequest extends ListRequest {
  kind: TypeKind
}

/**
 * Query keys under ['salesorder', …]. The order screen's feature invalidates ['salesorder'] after
 * it changes an order, so these lists refresh.
 */
export const salesOrderKeys = {
  all: ['salesorder'] as const,
  lists: ['salesorder', 'list'] as const,
  list: (q: OrderListRequest) => ['salesorder', 'list', q] as const,
  lines: (orderId: string) => ['salesorder', 'lines', orderId] as const,
  types: (kind: TypeKind) => ['salesorder', kind] as const,
  typeList: (q: TypeListRequest) => ['salesorder', q.kind, 'list', q] as const,
  enabledTypes: (kind: TypeKind) => ['salesorder', kind, 'enabled'] as const,
}

const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`
const typePath = (kind: TypeKind, id: string) => `${TYPE_PATHS[kind]}/${encodeURIComponent(id)}`

/** The query parameters of an order list: Scope, Filter, Sorting, paging and the filters. */
export function orderListParams(q: OrderListRequest): Record<string, string | number | boolean | undefined> {
  return { ...(q.filters ?? {}), Scope: q.scope, ...listParams(q) }
}

export async function fetchOrders(q: OrderListRequest, signal?: AbortSignal): Promise<Page<SalesOrder>> {
  return toPage(await http.get<ListResult<SalesOrder>>(ORDERS_PATH, { params: orderListParams(q), signal }))
}

/** One page of orders of a scope, searched, filtered and sorted on the server. */
export const orderListQuery = (q: OrderListRequest) =>
  queryOptions({ queryKey: salesOrderKeys.list(q), queryFn: ({ signal }) => fetchOrders(q, signal), placeholderData: keepPreviousData })

/** The first 50 product lines of an order (the expanded row). */
export const orderLinesQuery = (orderId: string) =>
  queryOptions({
    queryKey: salesOrderKeys.lines(orderId),
    queryFn: async ({ signal }): Promise<Page<OrderLine>> =>
      toPage(await http.get<ListResult<OrderLine>>(PRODUCT_LINES_PATH, { params: { salesOrderId: orderId, MaxResultCount: LINES_PAGE_SIZE, SkipCount: 0 }, signal })),
  })

export const getOrder = (id: string) => http.get<SalesOrder>(orderPath(id), { silent: true })
export const createOrder = (body: SalesOrderInput) => http.post<SalesOrder>(ORDERS_PATH, body, { silent: true })
export const updateOrder = (id: string, body: UpdateSalesOrderInput) => http.put<SalesOrder>(orderPath(id), body, { silent: true })
export const deleteOrder = (id: string) => http.delete<void>(orderPath(id), { silent: true })

// ---------------------------------------------------------------- order and product types

export const typeListQuery = (q: TypeListRequest) =>
  queryOptions({
    queryKey: salesOrderKeys.typeList(q),
    queryFn: async ({ signal }): Promise<Page<OrderKindType>> => {
      const { kind, ...rest } = q
      return toPage(await http.get<ListResult<OrderKindType>>(TYPE_PATHS[kind], { params: listParams(rest), signal }))
    },
    placeholderData: keepPreviousData,
  })

/** The enabled types, in their order (the selects of the order dialog and the search bar). */
export const enabledTypesQuery = (kind: TypeKind) =>
  queryOptions({
    queryKey: salesOrderKeys.enabledTypes(kind),
    queryFn: async ({ signal }): Promise<OrderKindType[]> => {
      const r = await http.get<ListResult<OrderKindType> | OrderKindType[]>(`${TYPE_PATHS[kind]}/enabled`, { signal })
      return Array.isArray(r) ? r : (r?.items ?? [])
    },
    staleTime: 60_000,
  })

export const createType = (kind: TypeKind, body: OrderKindTypeInput) => http.post<OrderKindType>(TYPE_PATHS[kind], body, { silent: true })
export const updateType = (kind: TypeKind, id: string, body: OrderKindTypeInput) => http.put<OrderKindType>(typePath(kind, id), body, { silent: true })
export const deleteType = (kind: TypeKind, id: string) => http.delete<void>(typePath(kind, id), { silent: true })

// ---------------------------------------------------------------- mutations

/** Create, update and delete of orders; each refreshes every list of orders. */
export function useOrderMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: salesOrderKeys.all })
  const saveOrder = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: UpdateSalesOrderInput }) => (id ? updateOrder(id, body) : createOrder(body)),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: salesOrderKeys.lists }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const removeOrder = useMutation({ mutationFn: deleteOrder, onSuccess: refresh })
  return { saveOrder, removeOrder }
}

/** Create, update and delete of order or product types; each refreshes the lists and the selects. */
export function useTypeMutations(kind: TypeKind) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: salesOrderKeys.types(kind) })
  const saveType = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OrderKindTypeInput }) => (id ? updateType(kind, id, body) : createType(kind, body)),
    onSuccess: refresh,
  })
  const removeType = useMutation({ mutationFn: (id: string) => deleteType(kind, id), onSuccess: refresh })
  return { saveType, removeType }
}
