/**
 * Shapes of the design review (docs/decisions/0012-design-review.md), aliases of the types
 * generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 */
import type { Schemas } from '../../api/types'

/** A review sheet: one solution of the order's chosen design (GET /api/sales-order/audit-designss). */
export type AuditSheet = Schemas['AuditdesignAuditDesign']

/** One entry of GET …/{id}/operation-logs. */
export type AuditLog = Schemas['AuditdesignLog']

/** States of a sheet (spec 001 §4): 0 (or any unknown value) waiting … 6 voided. */
export const SHEET_STATES = [0, 1, 2, 3, 4, 5, 6] as const
export type SheetState = (typeof SHEET_STATES)[number]

/** The state a sheet is shown in: an unknown value counts as waiting (spec 001 §4). */
export const shownState = (s: number): SheetState => ((SHEET_STATES as readonly number[]).includes(s) ? (s as SheetState) : 0)

/** States a sheet may be claimed from (0012: waiting, revoked, sent back): the queue's "waiting" tab. */
export const CLAIMABLE_STATES: readonly SheetState[] = [0, 2, 4]

/** Log codes (spec 001 §4): 0 create … 7 pass; any other value is a transfer. */
export const LOG_CODES = [0, 1, 2, 3, 4, 5, 6, 7] as const
export const logCode = (n: number): number | 'transfer' => ((LOG_CODES as readonly number[]).includes(n) ? n : 'transfer')

/** The batch actions of POST /api/sales-order/audit-designss/{action} with {auditIds, comment?}. */
export type BatchAction = 'claim' | 'reject' | 'sendback' | 'pass' | 'discard'

/** What the toolbar offers: the batch actions, and revoke and assign (one sheet at a time on the server). */
export type SheetAction = BatchAction | 'revoke' | 'assign'
