import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../components'
import type { ConfigBody, DetailTableRow, OrderType, ShownTable } from './types'

export const DETAIL_TABLES_PATH = '/api/sales-order/detail-tables'
export const CONFIG_PATH = `${DETAIL_TABLES_PATH}/config`
export const ORDER_TYPES_ENABLED_PATH = '/api/app/sales-order-types/enabled'

/**
 * Query keys under ['salesorder', 'detail-tables', …]: the order screen keeps what an order
 * type shows under the same prefix, so a saved configuration drops its copy too.
 */
export const detailTableKeys = {
  all: ['salesorder', 'detail-tables'] as const,
  config: ['salesorder', 'detail-tables', 'config'] as const,
  preview: (orderTypeId: string | null) => ['salesorder', 'detail-tables', 'preview', orderTypeId ?? ''] as const,
  orderTypes: ['salesorder', 'orderTypes', 'enabled'] as const,
}

/** `{items}` or a bare array: the unpaged list shapes the server answers. */
function itemsOf<T>(r: { items?: T[] | null } | T[] | null | undefined): T[] {
  return Array.isArray(r) ? r : (r?.items ?? [])
}

/** GET …/detail-tables/config: every row of the side's configuration (all order types). */
export const configQuery = () =>
  queryOptions({
    queryKey: detailTableKeys.config,
    queryFn: async ({ signal }): Promise<DetailTableRow[]> =>
      itemsOf(await http.get<{ items?: DetailTableRow[] } | DetailTableRow[]>(CONFIG_PATH, { signal })),
    // The page holds the rows it edits; a refetch behind its back would not change them.
    staleTime: Infinity,
  })

/** GET /api/app/sales-order-types/enabled: the order types a configuration may be given for. */
export const orderTypesQuery = () =>
  queryOptions({
    queryKey: detailTableKeys.orderTypes,
    queryFn: async ({ signal }): Promise<OrderType[]> =>
      itemsOf(await http.get<{ items?: OrderType[] } | OrderType[]>(ORDER_TYPES_ENABLED_PATH, { signal })),
    staleTime: 60_000,
  })

/** GET …/detail-tables?orderTypeId=: what an order of the type shows now (the saved configuration). */
export const previewQuery = (orderTypeId: string | null) =>
  queryOptions({
    queryKey: detailTableKeys.preview(orderTypeId),
    queryFn: async ({ signal }): Promise<ShownTable[]> =>
      itemsOf(
        await http.get<{ items?: ShownTable[] } | ShownTable[]>(DETAIL_TABLES_PATH, {
          params: orderTypeId ? { orderTypeId } : undefined,
          signal,
          silent: true,
        }),
      ),
  })

/** PUT …/detail-tables/config with the whole configuration; answers the rows as stored. */
export function useSaveConfig() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: ConfigBody): Promise<DetailTableRow[] | null> => {
      const r = await http.put<{ items?: DetailTableRow[] } | DetailTableRow[] | null>(CONFIG_PATH, body, { silent: true })
      return r ? itemsOf(r) : null
    },
    onSuccess: async (rows) => {
      await qc.invalidateQueries({ queryKey: detailTableKeys.all, predicate: (q) => q.queryKey[2] !== 'config' })
      if (rows) qc.setQueryData(detailTableKeys.config, rows)
      else await qc.invalidateQueries({ queryKey: detailTableKeys.config })
    },
  })
}
