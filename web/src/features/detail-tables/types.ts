/**
 * Shapes of the detail-table configuration (docs/decisions/0011, "Detail-table configuration";
 * internal/orderdetail/model.go), aliases of the types generated from the server's OpenAPI
 * document (src/api/gen/schema.d.ts), plus the shape the page edits.
 */
import type { Schemas } from '../../api/types'

/** The five detail tables, in the order the order screen lists them. */
export const TABLE_KEYS = ['product', 'matter', 'standardProduct', 'salesLists', 'examine'] as const satisfies readonly Schemas['OrderdetailDetailTable']['key'][]
export type TableKey = (typeof TABLE_KEYS)[number]

/** The table that holds no lines (the order's review sheets and files): it takes no columns. */
export const EXAMINE: TableKey = 'examine'

/** The actions of a table's actions menu, in the order the menu shows them. */
export const ACTIONS = ['create', 'importExcel', 'clear', 'select', 'export'] as const satisfies readonly (keyof Schemas['OrderdetailActions'])[]
export type ActionName = (typeof ACTIONS)[number]

/** A column's widget; '' is the field's own kind (text for a column kept in the line's values). */
export const WIDGETS = ['', 'text', 'number', 'boolean', 'file'] as const
export type Widget = (typeof WIDGETS)[number]

/** The fields every line has; any other column key is kept in the line's values. */
export const BUILTIN_FIELDS = ['name', 'code', 'length', 'width', 'height', 'color', 'unit', 'price', 'count', 'amount', 'remark', 'cabinet'] as const

/** A configured column of a detail table. */
export type DetailColumn = Schemas['OrderdetailColumn']

/** One row of GET /api/sales-order/detail-tables/config, as the server answers it. */
export type DetailTableRow = Schemas['OrderdetailDetailTable']

/** Per action, the permission names any one of which grants it; empty: nobody. */
export type DetailActions = Record<ActionName, string[]>

/** A row as the page edits it: lists never null; server fields absent on a row the page added. */
export interface EditableRow {
  id?: string
  key: TableKey
  /** null: every order type without a row of its own. */
  orderTypeId: string | null
  shown: boolean
  required: boolean
  sort: number
  columns: DetailColumn[]
  actions: DetailActions
}

/** One item of the PUT body. */
export type DetailTableInput = Schemas['OrderdetailDetailTableInput']

/** PUT /api/sales-order/detail-tables/config: the whole configuration. */
export type ConfigBody = Schemas['OrderdetailConfigInput']

/** GET /api/sales-order/detail-tables?orderTypeId=: one table an order of that type shows. */
export type ShownTable = Schemas['OrderdetailShownTable']

/** GET /api/app/sales-order-types/enabled: one order type. */
export type OrderType = Schemas['SalesorderOrderType']
