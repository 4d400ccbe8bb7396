import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, toPage, type Page, type PageRequest } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A stock row: pieces of one kind, material, thickness and size in one bin. */
export type StockItem = Schemas['WarehouseStockItem']
/** One booking of the in/out log. */
export type StockLog = Schemas['WarehouseStockLog']
/** A manual receipt or issue (POST …/book). */
export type Move = Schemas['WarehouseMove']
/** Statistics per material, thickness and kind, with totals. */
export type Statistics = Schemas['WarehouseStatistics']
export type StatRow = Schemas['WarehouseStatRow']
/** A storehouse row with its shelves and their fill. */
export type RowView = Schemas['WarehouseRowView']
export type ShelfView = Schemas['WarehouseShelfView']
/** A shelf with its bins and what each holds. */
export type ShelfInfo = Schemas['WarehouseShelfInfo']
export type BinInfo = Schemas['WarehouseBinInfo']
/** A factory of the tenant, a storehouse row, a shelf (without its fill). */
export type Factory = Schemas['WarehouseFactory']
export type Row = Schemas['WarehouseRow']
export type Shelf = Schemas['WarehouseShelf']
export type FactoryInput = Schemas['WarehouseFactoryInput']
export type RowInput = Schemas['WarehouseRowInput']
export type ShelfInput = Schemas['WarehouseShelfInput']

export const STORAGE_BOARDS = 0
export const STORAGE_OFFCUTS = 1
/** Bounds of the set-up dialogs (internal/warehouse structure_model.go). */
export const MAX_CODE = 32
export const MAX_NAME = 64
export const MAX_ADDRESS = 256
export const MAX_SORT = 9999
export const MAX_LEVELS = 20
export const MAX_BINS_PER_LEVEL = 50

export const KIND_BOARD = 0
export const KIND_OFFCUT = 1
export const DIRECTION_IN = 0
export const DIRECTION_OUT = 1
/** Pieces an offcut bin holds (internal/warehouse BinCapacity); the shelf grid colours by it. */
export const BIN_CAPACITY = 20

const LOGS = '/api/app/board-in-out-bound-logs'

export interface StockRequest extends PageRequest {
  materialCode?: string
  binCode?: string
  kind?: number
  thickness?: number
  sorting?: string
}

export interface LogRequest extends PageRequest {
  materialCode?: string
  binCode?: string
  planNo?: string
  kind?: number
  direction?: number
  from?: string
  to?: string
  sorting?: string
}

export interface StatRequest {
  from?: string
  to?: string
  materialCode?: string
  kind?: number
}

type Params = Record<string, string | number | undefined>

function clean(p: Params): Params {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''))
}

export const warehouseKeys = {
  all: ['warehouse'] as const,
  stock: (q: StockRequest) => ['warehouse', 'stock', q] as const,
  logs: (q: LogRequest) => ['warehouse', 'logs', q] as const,
  statistics: (q: StatRequest) => ['warehouse', 'statistics', q] as const,
  rows: ['warehouse', 'rows'] as const,
  factories: ['warehouse', 'factories'] as const,
  shelf: (code: string) => ['warehouse', 'shelf', code] as const,
}

export async function fetchStock(q: StockRequest, signal?: AbortSignal): Promise<Page<StockItem>> {
  return toPage(await http.get<ListResult<StockItem>>(`${LOGS}/get-stock-data`, { params: clean({ ...q }), signal }))
}

export const stockQuery = (q: StockRequest) =>
  queryOptions({ queryKey: warehouseKeys.stock(q), queryFn: ({ signal }) => fetchStock(q, signal), placeholderData: keepPreviousData })

export async function fetchLogs(q: LogRequest, signal?: AbortSignal): Promise<Page<StockLog>> {
  return toPage(await http.get<ListResult<StockLog>>(LOGS, { params: clean({ ...q }), signal }))
}

export const logQuery = (q: LogRequest) =>
  queryOptions({ queryKey: warehouseKeys.logs(q), queryFn: ({ signal }) => fetchLogs(q, signal), placeholderData: keepPreviousData })

export const statisticsQuery = (q: StatRequest) =>
  queryOptions({
    queryKey: warehouseKeys.statistics(q),
    queryFn: ({ signal }) => http.get<Statistics>(`${LOGS}/statistics`, { params: clean({ ...q }), signal }),
    placeholderData: keepPreviousData,
  })

export const rowsQuery = () =>
  queryOptions({
    queryKey: warehouseKeys.rows,
    queryFn: async ({ signal }) => (await http.get<{ items: RowView[] }>('/api/app/storehouse/get-storehouseRowlist', { signal })).items ?? [],
  })

export const shelfQuery = (code: string) =>
  queryOptions({
    queryKey: warehouseKeys.shelf(code),
    queryFn: async ({ signal }) =>
      (await http.get<{ items: ShelfInfo[] }>('/api/app/storehouse/get-shelvesinfo', { params: { Code: code }, signal })).items?.[0] ?? null,
    enabled: !!code,
  })

export const factoriesQuery = (enabled = true) =>
  queryOptions({
    queryKey: warehouseKeys.factories,
    queryFn: async ({ signal }) => (await http.get<{ items: Factory[] }>(FACTORY, { signal })).items ?? [],
    enabled,
  })

const FACTORY = '/api/app/factory'
const ROWS = '/api/app/storehouse/rows'
const SHELVES = '/api/app/storehouse/shelves'

/** A save of the set-up: with an id an update (PUT), without one a create (POST). */
export interface Save<T> {
  id?: string
  body: T
}

/**
 * Create, update and delete of factories, rows and shelves; each refreshes every warehouse
 * query (rows, shelves, stock: a renamed shelf renames its bins). Errors are left to the
 * caller (silent), which puts validation messages on the dialog's fields.
 */
export function useSetupMutations() {
  return {
    saveFactory: useSave<FactoryInput, Factory>(FACTORY),
    removeFactory: useRemove(FACTORY),
    saveRow: useSave<RowInput, Row>(ROWS),
    removeRow: useRemove(ROWS),
    saveShelf: useSave<ShelfInput, Shelf>(SHELVES),
    removeShelf: useRemove(SHELVES),
  }
}

function useSave<T, R>(path: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: Save<T>) =>
      id ? http.put<R>(`${path}/${encodeURIComponent(id)}`, body, { silent: true }) : http.post<R>(path, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  })
}

function useRemove(path: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`${path}/${encodeURIComponent(id)}`, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  })
}

/** Books a manual receipt or issue; every warehouse query is refreshed after it. */
export function useBook() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (m: Move) => http.post<{ items: StockLog[] }>(`${LOGS}/book`, m, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  })
}

/** m² of pieces of a size in mm. */
export function areaM2(length: number, width: number, quantity = 1): number {
  return (length * width * quantity) / 1_000_000
}

/** A size without needless decimals: 2440×1220×18. */
export function sizeText(r: { length: number; width: number; thickness: number }): string {
  return `${r.length}×${r.width}×${r.thickness}`
}

/** How full a bin is, 0–1, against BIN_CAPACITY. */
export function binFill(onHand: number): number {
  return Math.max(0, Math.min(1, onHand / BIN_CAPACITY))
}
