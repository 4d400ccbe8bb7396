import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { http, saveBlob, toPage, type Page } from '../../components'
import type { ListResult } from '../../api/types'
import type { BatchUpdateBody } from './lines'
import type {
  DetailAction,
  DetailTable,
  FileDownload,
  ImportResult,
  Line,
  LineTableKey,
  MappingOption,
  OrderFile,
  SalesOrder,
  StatusAction,
  StatusLog,
  UploadResult,
} from './types'
import { DETAIL_ACTIONS } from './types'

/** The calls of the order screen (docs/decisions/0011-sales-orders.md, "Settled at build"). */
export const ORDER_PATH = '/api/app/salesorder'
export const DETAIL_TABLES_PATH = '/api/sales-order/detail-tables'
export const DETAILS_PATH = '/api/sales-order/sales-order-details'
export const IMPORT_SPLIT_ORDER_PATH = '/api/split-order/import-split-order'
export const MAPPING_RULES_PATH = '/api/basic-setup/import-rule-mappings/mapping-rules'
export const SPLIT_MAPPINGS_ENABLED_PATH = '/api/split-order/import-split-mappings/enabled'

/** Where each table's lines are paged and added. */
export const LINE_PATHS: Record<LineTableKey, string> = {
  product: '/api/sales-order/sales-order-products',
  matter: '/api/sales-order/sales-order-parts',
  standardProduct: '/api/sales-order/sales-order-standard-products',
  salesLists: '/api/sales-order/sales-lists',
}

/** Lines per page of a detail table (spec 000 §9). */
export const DETAIL_PAGE_SIZE = 50
/** Files per upload (spec 000 §5, §9). */
export const MAX_UPLOAD_FILES = 10
/** Import rule mapping module types of the order lines: products, parts, standard products (0010 "As built"). */
export const LINE_MODULE_TYPES = [1, 2, 3] as const

/** File categories of an order: its own files, the review files of the examine tab, and the files on lines. */
export type FileCategory = 'order' | 'examine' | 'line'

/** Query keys under ['salesorder', …]. */
export const orderKeys = {
  all: ['salesorder'] as const,
  order: (id: string) => ['salesorder', 'order', id] as const,
  statusLogs: (id: string) => ['salesorder', 'order', id, 'status-logs'] as const,
  lines: (id: string) => ['salesorder', 'order', id, 'lines'] as const,
  table: (id: string, table: LineTableKey) => ['salesorder', 'order', id, 'lines', table] as const,
  page: (id: string, table: LineTableKey, skip: number) => ['salesorder', 'order', id, 'lines', table, skip] as const,
  files: (id: string, category: FileCategory) => ['salesorder', 'order', id, 'files', category] as const,
  detailTables: (orderTypeId: string) => ['salesorder', 'detail-tables', orderTypeId] as const,
  mappingRules: ['salesorder', 'import', 'mapping-rules'] as const,
  splitMappings: ['salesorder', 'import', 'split-mappings'] as const,
}

/**
 * After the order changed (a status move, saved or added lines): every other order query under
 * ['salesorder'] — the order lists and their expanded lines of features/sales-orders — is read
 * again when next shown. This screen's own queries are refreshed by the caller.
 */
export function invalidateOrderLists(qc: QueryClient, orderId: string) {
  return qc.invalidateQueries({
    queryKey: orderKeys.all,
    predicate: (q) => !(q.queryKey[1] === 'order' && q.queryKey[2] === orderId) && q.queryKey[1] !== 'detail-tables' && q.queryKey[1] !== 'import',
  })
}

const itemsOf = <T>(r: ListResult<T> | T[] | null | undefined): T[] => (Array.isArray(r) ? r : (r?.items ?? []))

// ---------------------------------------------------------------- the order

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.order(id),
    queryFn: ({ signal }) => http.get<SalesOrder>(`${ORDER_PATH}/${id}`, { signal }),
  })

export const statusLogsQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.statusLogs(id),
    queryFn: async ({ signal }) => itemsOf(await http.get<ListResult<StatusLog> | StatusLog[]>(`${ORDER_PATH}/${id}/status-logs`, { signal })),
  })

/** POST …/{id}/status: one move; answers the order. Errors are the caller's to show. */
export const moveStatus = (id: string, action: StatusAction, concurrencyStamp: string | null | undefined, comment?: string) =>
  http.post<SalesOrder>(`${ORDER_PATH}/${id}/status`, { action, comment: comment?.trim() || undefined, concurrencyStamp: concurrencyStamp ?? undefined }, { silent: true })

/** The quotation: a token first, then the .xlsx it opens. */
export async function downloadQuotation(id: string, fallbackName: string): Promise<void> {
  const { token } = await http.get<{ token: string }>(`${ORDER_PATH}/quote-token/${id}`)
  saveBlob(await http.blob(`${ORDER_PATH}/quote-file/${id}`, { params: { token } }), fallbackName)
}

/**
 * Puts an order the server answered (a move, a batch update) in the cache. Such answers may leave
 * out `allowedActions` (only a read of one order carries them): the cached ones are kept until
 * the order is read again.
 */
export function putOrder(qc: QueryClient, answer: SalesOrder | null | undefined) {
  if (!answer?.id) return
  qc.setQueryData<SalesOrder>(orderKeys.order(answer.id), (old) => ({ ...old, ...answer, allowedActions: answer.allowedActions ?? old?.allowedActions }))
}

// ---------------------------------------------------------------- detail tables and lines

/** The actions of a table the caller may use (the server's grantedActions), in the menu's order. */
export function grantedActionsOf(t: DetailTable): DetailAction[] {
  const granted = new Set(t.grantedActions ?? [])
  return DETAIL_ACTIONS.filter((a) => granted.has(a))
}

export const detailTablesQuery = (orderTypeId: string) =>
  queryOptions({
    queryKey: orderKeys.detailTables(orderTypeId),
    queryFn: async ({ signal }) => itemsOf(await http.get<ListResult<DetailTable> | DetailTable[]>(DETAIL_TABLES_PATH, { params: { orderTypeId }, signal })),
    staleTime: 60_000,
  })

export const linePageQuery = (orderId: string, table: LineTableKey, skip: number) =>
  queryOptions({
    queryKey: orderKeys.page(orderId, table, skip),
    queryFn: async ({ signal }): Promise<Page<Line>> =>
      toPage(
        await http.get<ListResult<Line>>(LINE_PATHS[table], {
          params: { salesOrderId: orderId, MaxResultCount: DETAIL_PAGE_SIZE, SkipCount: skip },
          signal,
        }),
      ),
  })

/** POST a table's lines from picked catalogue rows: `{salesOrderId, items: [{sourceId}]}`. */
export const addPickedLines = (orderId: string, table: LineTableKey, sourceIds: readonly string[]) =>
  http.post<ListResult<Line> | Line[]>(LINE_PATHS[table], { salesOrderId: orderId, items: sourceIds.map((sourceId) => ({ sourceId })) })

/** PUT …/batch-update: every change of every table in one transaction; answers the order. */
export const batchUpdate = (body: BatchUpdateBody) => http.put<SalesOrder>(`${DETAILS_PATH}/batch-update`, body, { silent: true })

/** POST …/clear: every line of one table of the order. */
export const clearTable = (orderId: string, table: LineTableKey) => http.post<unknown>(`${DETAILS_PATH}/clear`, { salesOrderId: orderId, table })

/** GET …/export: one table's lines as .xlsx. */
export async function exportTable(orderId: string, table: LineTableKey, fallbackName: string): Promise<void> {
  saveBlob(await http.blob(`${DETAILS_PATH}/export`, { params: { salesOrderId: orderId, table } }), fallbackName)
}

// ---------------------------------------------------------------- import

/** The enabled rules mappings of the line module types (1, 2, 3), each type's default first. */
export const mappingRulesQuery = () =>
  queryOptions({
    queryKey: orderKeys.mappingRules,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        LINE_MODULE_TYPES.map(async (moduleType) => itemsOf(await http.get<ListResult<MappingOption>>(MAPPING_RULES_PATH, { params: { moduleType }, signal }))),
      )
      return lists.flat()
    },
  })

/** The enabled split mappings, the default first. */
export const splitMappingsQuery = () =>
  queryOptions({
    queryKey: orderKeys.splitMappings,
    queryFn: async ({ signal }) => itemsOf(await http.get<ListResult<MappingOption>>(SPLIT_MAPPINGS_ENABLED_PATH, { signal })),
  })

/** POST /api/split-order/import-split-order (multipart). Errors are the dialog's to list. */
export function importSplitOrder(orderId: string, ruleMappingId: string, splitMappingId: string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  form.append('salesOrderId', orderId)
  form.append('ruleMappingId', ruleMappingId)
  form.append('splitMappingId', splitMappingId)
  return http.post<ImportResult>(IMPORT_SPLIT_ORDER_PATH, form, { silent: true })
}

// ---------------------------------------------------------------- files

export const filesQuery = (orderId: string, category: FileCategory) =>
  queryOptions({
    queryKey: orderKeys.files(orderId, category),
    queryFn: async ({ signal }) => itemsOf(await http.get<ListResult<OrderFile> | OrderFile[]>(`${ORDER_PATH}/multifile/${orderId}`, { params: { category }, signal })),
  })

/** POST …/multifile/{id}: the files in the multipart field `files`; one answer per file. */
export async function uploadFiles(orderId: string, category: FileCategory, files: readonly File[]): Promise<UploadResult[]> {
  const form = new FormData()
  for (const f of files) form.append('files', f, f.name)
  form.append('category', category)
  return itemsOf(await http.post<ListResult<UploadResult> | UploadResult[]>(`${ORDER_PATH}/multifile/${orderId}`, form))
}

/** Downloads an order file: where and with what token, then the file. */
export async function downloadFile(orderId: string, fileId: string, fallbackName: string): Promise<void> {
  const d = await http.get<FileDownload>(`${ORDER_PATH}/multifile/${orderId}/${fileId}`)
  saveBlob(await http.blob(d.url, { params: { token: d.token } }), d.name || fallbackName)
}

export const deleteFile = (orderId: string, fileId: string) => http.delete(`${ORDER_PATH}/multifile/${orderId}/${fileId}`)
