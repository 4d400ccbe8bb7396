// Test support of the design review (not part of the app): sheets and a stand-in server.
import { mockApi, type ApiCall, type ApiHandler } from '../../test/render'
import type { AuditSheet } from './types'

export const ORDER_ID = 'o-1'

export const sheet = (id: string, over: Partial<AuditSheet> = {}): AuditSheet => ({
  id,
  tenantId: null,
  creationTime: '2025-01-15T08:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
  concurrencyStamp: `${id}-stamp`,
  auditDesignId: `sol-${id}`,
  auditName: `Solution ${id}`,
  auditCode: `C-${id}`,
  state: 0,
  submitComment: '',
  rejectComment: '',
  salesOrderId: ORDER_ID,
  salesOrderNo: 'SO202501150001',
  levelIndex: 1,
  separatePallet: '',
  isDownload: false,
  claimedBy: null,
  claimedByName: '',
  ...over,
})

/** Answers the sheet list with `rows` (filtered by the comma-separated states when asked) and whatever `extra` names. */
export function serveSheets(rows: AuditSheet[], extra: Record<string, ApiHandler> = {}): ApiCall[] {
  return mockApi({
    'GET /api/sales-order/audit-designss': (c) => {
      const state = c.query.get('state')
      const list = state === null ? rows : rows.filter((r) => state.split(',').includes(String(r.state)))
      const skip = Number(c.query.get('skipCount') ?? 0)
      const max = Number(c.query.get('maxResultCount') ?? 99)
      return { items: list.slice(skip, skip + max), totalCount: list.length }
    },
    'GET /api/datadictionary/details/SeparatePallet': () => ({ items: [] }),
    'GET /api/datadictionary/details/SalesOrderKuJiaLeQuotationType': () => ({ items: [] }),
    ...extra,
  })
}

export const calls = (all: ApiCall[], method: string, path: string) => all.filter((c) => c.method === method && c.path === path)
