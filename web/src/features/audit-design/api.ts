import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { http, saveBlob, toPage, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'
import type { AuditLog, AuditSheet, BatchAction, SheetState } from './types'
import { CLAIMABLE_STATES } from './types'

/** The calls of the design review (docs/decisions/0012-design-review.md). */
export const AUDIT_PATH = '/api/sales-order/audit-designss'
export const ORDER_PATH = '/api/app/salesorder'

/** Sheets a page: the server's maximum (spec 001 §9). */
export const SHEET_PAGE_SIZE = 99

/** The review queue's search (GET …/audit-designss without salesOrderId). */
export interface QueueFilter {
  salesOrderNo?: string
  state?: SheetState
  /** yyyy-MM-dd, both ends included. */
  from?: string
  to?: string
}

export type QueueTab = 'waiting' | 'mine'

export interface QueueRequest extends QueueFilter {
  tab: QueueTab
  sorting?: string
  skipCount: number
  maxResultCount: number
}

/** Query keys under ['auditdesign', …]: every change invalidates `all`. */
export const auditKeys = {
  all: ['auditdesign'] as const,
  order: (orderId: string) => ['auditdesign', 'order', orderId] as const,
  orderPage: (orderId: string, skip: number) => ['auditdesign', 'order', orderId, skip] as const,
  queue: (q: QueueRequest) => ['auditdesign', 'queue', q] as const,
  logs: (id: string) => ['auditdesign', 'logs', id] as const,
}

/** After any change of sheets: every sheet list and log is read again. */
export const invalidateSheets = (qc: QueryClient) => qc.invalidateQueries({ queryKey: auditKeys.all })

const itemsOf = <T>(r: ListResult<T> | T[] | null | undefined): T[] => (Array.isArray(r) ? r : (r?.items ?? []))

// ---------------------------------------------------------------- lists

/** One page (99) of an order's sheets by level (the order screen's tab). */
export const orderSheetsQuery = (orderId: string, skip: number) =>
  queryOptions({
    queryKey: auditKeys.orderPage(orderId, skip),
    queryFn: async ({ signal }): Promise<Page<AuditSheet>> =>
      toPage(
        await http.get<ListResult<AuditSheet>>(AUDIT_PATH, {
          params: { salesOrderId: orderId, sorting: 'levelIndex', skipCount: skip, maxResultCount: SHEET_PAGE_SIZE },
          signal,
        }),
      ),
  })

type ListParams = Record<string, string | number | undefined>

const listPage = async (params: ListParams, signal?: AbortSignal): Promise<Page<AuditSheet>> =>
  toPage(await http.get<ListResult<AuditSheet>>(AUDIT_PATH, { params, signal }))

/** Default sorting of the queue: the newest sheets first. */
export const QUEUE_SORTING = 'creationTime desc'

/**
 * The review queue: "waiting" is the sheets a reviewer may claim (states 0, 2 and 4 in one call,
 * state=0,2,4, or the one searched); "mine" is the sheets I claimed (claimedBy=me), in any state
 * or the one searched.
 */
export const queueQuery = (q: QueueRequest) =>
  queryOptions({
    queryKey: auditKeys.queue(q),
    queryFn: ({ signal }) => {
      const sorting = q.sorting || QUEUE_SORTING
      const params: ListParams = { salesOrderNo: q.salesOrderNo, from: q.from, to: q.to, claimedBy: q.tab === 'mine' ? 'me' : undefined }
      const state = q.state ?? (q.tab === 'waiting' ? CLAIMABLE_STATES.join(',') : undefined)
      return listPage({ ...params, state, sorting, skipCount: q.skipCount, maxResultCount: q.maxResultCount }, signal)
    },
  })

export const logsQuery = (id: string) =>
  queryOptions({
    queryKey: auditKeys.logs(id),
    queryFn: async ({ signal }) => itemsOf(await http.get<ListResult<AuditLog>>(`${AUDIT_PATH}/${id}/operation-logs`, { signal })),
  })

// ---------------------------------------------------------------- actions
// Errors are shown by the API client: the server's localised error.message as an error
// notification for 5 s (spec 001 §8); callers only keep their dialog open.

/** POST …/{action} {auditIds, comment?}: all the sheets move, or none. */
export const batchAction = (action: BatchAction, auditIds: readonly string[], comment?: string) =>
  http.post<ListResult<AuditSheet>>(`${AUDIT_PATH}/${action}`, { auditIds, comment: comment?.trim() || undefined })

export const revokeSheet = (id: string, comment: string) => http.post<AuditSheet>(`${AUDIT_PATH}/${id}/revoke`, { comment: comment.trim() || undefined })

/** Assigns a waiting sheet, or transfers a claimed one. */
export const assignSheet = (id: string, userId: string) => http.post<AuditSheet>(`${AUDIT_PATH}/${id}/assign`, { userId })

export const setSeparatePallet = (id: string, separatePallet: string | undefined) =>
  http.put<AuditSheet>(`${AUDIT_PATH}/${id}/separate-pallet`, { separatePallet: separatePallet ?? '' })

export const sheetDesignUrl = async (id: string) => (await http.get<Schemas['AuditdesignUrlOutput']>(`${AUDIT_PATH}/${id}/design-url`)).url

/** POST …/generate-quotation: the .xlsx stored in the order's files (category order). */
export const generateQuotation = (auditIds: readonly string[], quotationName: string | undefined) =>
  http.post<Schemas['SalesorderOrderFile']>(`${AUDIT_PATH}/generate-quotation`, { auditIds, quotationName: quotationName || undefined })

/**
 * POST …/batch-download: a zip of the passed sheets' design JSON, saved under the name of its
 * Content-Disposition. A refusal comes as JSON in the blob's place: the API client reads it and
 * shows its message.
 */
export async function downloadSheetsJson(auditIds: readonly string[]): Promise<void> {
  saveBlob(await http.blobPost(`${AUDIT_PATH}/batch-download`, { auditIds }), 'design.zip')
}

/** GET …/download-attachment?salesOrderId=: the design JSON of the order's passed sheets. */
export async function downloadOrderJson(orderId: string, orderNumber: string): Promise<void> {
  saveBlob(await http.blob(`${AUDIT_PATH}/download-attachment`, { params: { salesOrderId: orderId } }), `${orderNumber || 'design'}.json`)
}

// ---------------------------------------------------------------- the order's design scheme

/** PUT …/design-id/{orderId}: stores the plan's designId; the server makes one waiting sheet per solution. */
export const chooseDesign = (orderId: string, designId: string) => http.put<Schemas['SalesorderSalesOrder']>(`${ORDER_PATH}/design-id/${orderId}`, { designId })

/** DELETE …/design-id/{orderId}: refused with a message once a sheet is past waiting. */
export const cancelDesign = (orderId: string) => http.delete(`${ORDER_PATH}/design-id/${orderId}`)

export const orderDesignUrl = async (orderId: string) => (await http.get<Schemas['AuditdesignUrlOutput']>(`${ORDER_PATH}/design-url/${orderId}`)).url
