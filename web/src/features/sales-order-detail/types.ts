/**
 * Shapes of the order screen (docs/decisions/0011-sales-orders.md, "Settled at build"), aliases
 * of the types generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 */
import type { Schemas } from '../../api/types'

/** GET /api/app/salesorder/{id}: the order with the moves the caller may make now. */
export type SalesOrder = Schemas['SalesorderSalesOrder']

/** The status moves of POST /api/app/salesorder/{id}/status, in the order the header shows them. */
export type StatusAction = Schemas['SalesorderStatusMoveInput']['action']
export const STATUS_ACTIONS: readonly StatusAction[] = ['submit', 'withdraw', 'review', 'sendBack', 'confirm', 'release', 'ship', 'close', 'cancel']

/** One move of GET /api/app/salesorder/{id}/status-logs (oldest first). */
export type StatusLog = Schemas['SalesorderStatusLog']

/** GET /api/sales-order/detail-tables?orderTypeId=: one table an order of that type shows, for the caller. */
export type DetailTable = Schemas['OrderdetailShownTable']
/** Keys of the detail tables (spec 000 §2). */
export type TableKey = DetailTable['key']
/** The tables that hold lines (examine shows the review files). */
export type LineTableKey = Exclude<TableKey, 'examine'>
export const LINE_TABLES: readonly LineTableKey[] = ['product', 'matter', 'standardProduct', 'salesLists']

/** A configured column of a detail table. */
export type DetailColumn = Schemas['OrderdetailColumn']
export type Widget = 'text' | 'number' | 'boolean' | 'file'

/** One file of a line's file column: a file of the order uploaded with category `line`. */
export interface LineFile {
  id: string
  fileName: string
}

/** The actions of a detail table's menu (spec 000 §2), in the server's order. */
export type DetailAction = keyof Schemas['OrderdetailActions']
export const DETAIL_ACTIONS: readonly DetailAction[] = ['create', 'importExcel', 'clear', 'select', 'export']

/** A line of one of the four line tables. */
export type Line = Schemas['OrderdetailLine']

/** PUT /api/sales-order/sales-order-details/batch-update and one of its lines. */
export type BatchUpdateBody = Schemas['OrderdetailBatchUpdateInput']
export type BatchLine = Schemas['OrderdetailLineInput']

/** GET /api/app/salesorder/multifile/{id}: one file of the order. */
export type OrderFile = Schemas['SalesorderOrderFile']
/** One entry of the answer of POST …/multifile/{id}: per file sent. */
export type UploadResult = Schemas['SalesorderUploadResult']
/** GET …/multifile/{id}/{fileId}: where and with what token the file downloads. */
export type FileDownload = Schemas['SalesorderFileDownload']

/** A rules mapping or split mapping offered by the import dialog. */
export type MappingOption = Pick<Schemas['ImportmappingImportRuleMapping'], 'id' | 'name'> & { moduleType?: number }

/**
 * The answer of POST /api/split-order/import-split-order (a plain handler, so not in the
 * OpenAPI document): the lines added per table.
 */
export interface ImportResult {
  added?: Partial<Record<LineTableKey, number>> | null
}
