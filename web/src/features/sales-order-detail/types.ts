/**
 * Shapes of the order screen (docs/decisions/0011-sales-orders.md, "Settled at build"). Written by
 * hand against the design until the server's routes land in src/api/gen; then these become aliases
 * of `Schemas[...]`.
 */

/** Order statuses (the design's table): draft 0 … closed 60, cancelled 90. */
export type OrderStatus = 0 | 10 | 20 | 30 | 40 | 50 | 60 | 90

/** The status moves of POST /api/app/salesorder/{id}/status, in the order the header shows them. */
export const STATUS_ACTIONS = ['submit', 'withdraw', 'review', 'sendBack', 'confirm', 'release', 'ship', 'close', 'cancel'] as const
export type StatusAction = (typeof STATUS_ACTIONS)[number]

/** GET /api/app/salesorder/{id}: the order with the moves the caller may make now. */
export interface SalesOrder {
  id: string
  salesOrderId: string
  status: number
  orderTypeId: string
  orderTypeName?: string | null
  productTypeId?: string | null
  productTypeName?: string | null
  dealerName?: string | null
  customerName?: string | null
  customerPhone?: string | null
  customerAddress?: string | null
  isUrgent?: boolean
  remark?: string | null
  totalPrice?: number | null
  discountTotal?: number | null
  logisticsPrice?: number | null
  totalSumPrice?: number | null
  payTotal?: number | null
  differencePrice?: number | null
  allowedActions?: string[] | null
  creatorName?: string | null
  creationTime?: string | null
  concurrencyStamp?: string | null
}

/** One move of GET /api/app/salesorder/{id}/status-logs (oldest first). */
export interface StatusLog {
  id?: string
  fromStatus: number
  toStatus: number
  action: string
  comment?: string | null
  userId?: string | null
  userName?: string | null
  creationTime: string
}

/** Keys of the detail tables (spec 000 §2). */
export type TableKey = 'product' | 'matter' | 'standardProduct' | 'salesLists' | 'examine'
/** The tables that hold lines (examine shows the review files). */
export type LineTableKey = Exclude<TableKey, 'examine'>
export const LINE_TABLES: readonly LineTableKey[] = ['product', 'matter', 'standardProduct', 'salesLists']

export type Widget = 'text' | 'number' | 'boolean'

/** A configured column of a detail table. */
export interface DetailColumn {
  key: string
  displayName?: string | null
  title?: string | null
  displayWidth?: number | null
  defaultValue?: string | number | boolean | null
  widget?: Widget | string | null
  compute?: string | null
  permissions?: string[] | null
}

/** The actions of a detail table's menu (spec 000 §2). */
export const DETAIL_ACTIONS = ['create', 'importExcel', 'clear', 'select', 'export'] as const
export type DetailAction = (typeof DETAIL_ACTIONS)[number]

/** GET /api/sales-order/detail-tables?orderTypeId=: one table an order of that type shows. */
export interface DetailTable {
  key: TableKey
  displayName?: string | null
  required?: boolean
  columns?: DetailColumn[] | null
  actions?: Partial<Record<DetailAction, string[] | null>> | null
  /** The actions the caller holds a permission for. */
  grantedActions?: DetailAction[] | Partial<Record<DetailAction, boolean>> | null
}

/** A line of one of the four line tables. */
export interface Line {
  id: string
  salesOrderId?: string
  table?: string
  lineNo?: number | null
  sourceId?: string | null
  name?: string | null
  code?: string | null
  length?: number | null
  width?: number | null
  height?: number | null
  color?: string | null
  unit?: string | null
  price?: number | null
  count?: number | null
  amount?: number | null
  remark?: string | null
  cabinet?: string | null
  /** The configured columns' values (JSON). */
  values?: Record<string, unknown> | string | null
  concurrencyStamp?: string | null
}

/** GET /api/app/salesorder/multifile/{id}: one file of the order. */
export interface OrderFile {
  id: string
  fileName: string
  fileType?: string | null
  size?: number | null
  creationTime?: string | null
  isSuccess?: boolean
  errorMessage?: string | null
}

/** One entry of the answer of POST …/multifile/{id}: per file sent. */
export interface UploadResult {
  id?: string | null
  fileName: string
  fileType?: string | null
  isSuccess: boolean
  errorMessage?: string | null
}

/** GET …/multifile/{id}/{fileId}: where and with what token the file downloads. */
export interface FileDownload {
  id: string
  name: string
  mimeType?: string | null
  token: string
  url: string
}

/** A rules mapping or split mapping offered by the import dialog. */
export interface MappingOption {
  id: string
  name: string
  moduleType?: number
  isDefault?: boolean
}

/** The answer of a successful split-order import. */
export interface ImportResult {
  added?: Partial<Record<LineTableKey, number>> | null
}
