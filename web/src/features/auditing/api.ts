import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, toPage, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'
import type { AuditLogQuery, SecurityLogQuery } from './filters'

/** One property of an entity change; values are JSON text, null on the side the change has none of. */
export type PropertyChange = Schemas['AuditPropertyChange']

/** One write of one row (changeType: Created 0, Updated 1, Deleted 2). */
export type EntityChange = Schemas['AuditEntityChange']

/** The operation a request ran. */
export type AuditLogAction = Schemas['AuditAction']

/** One recorded request (GET /api/audit-logging/audit-logs). */
export type AuditLog = Schemas['AuditLog']

/** One log with what it did (GET /api/audit-logging/audit-logs/{id}). */
export type AuditLogDetail = Schemas['AuditloggingAuditLog']

/** One security event (GET /api/identity/security-logs). */
export type SecurityLog = Schemas['SecuritylogLog']

const AUDIT_LOGS = '/api/audit-logging/audit-logs'
const SECURITY_LOGS = '/api/identity/security-logs'
const SECURITY_LOG = '/api/auditing/security-log'

/** Query keys: every audit-log read under ['auditing', 'audit-logs'], every security-log read under ['auditing', 'security-logs']. */
export const auditingKeys = {
  all: ['auditing'] as const,
  auditLogs: ['auditing', 'audit-logs'] as const,
  auditLogLists: ['auditing', 'audit-logs', 'list'] as const,
  auditLogList: (q: AuditLogQuery) => ['auditing', 'audit-logs', 'list', q] as const,
  auditLog: (id: string) => ['auditing', 'audit-logs', 'detail', id] as const,
  securityLogs: ['auditing', 'security-logs'] as const,
  securityLogList: (q: SecurityLogQuery) => ['auditing', 'security-logs', 'list', q] as const,
}

/** One page of the audit log, filtered, sorted and paged on the server. */
export async function fetchAuditLogs(q: AuditLogQuery, signal?: AbortSignal): Promise<Page<AuditLog>> {
  return toPage(await http.get<ListResult<AuditLog>>(AUDIT_LOGS, { params: { ...q }, signal }))
}

export const auditLogListQuery = (q: AuditLogQuery) =>
  queryOptions({ queryKey: auditingKeys.auditLogList(q), queryFn: ({ signal }) => fetchAuditLogs(q, signal) })

export const auditLogDetailQuery = (id: string) =>
  queryOptions({
    queryKey: auditingKeys.auditLog(id),
    queryFn: ({ signal }) => http.get<AuditLogDetail>(`${AUDIT_LOGS}/${encodeURIComponent(id)}`, { signal }),
  })

/** One page of the security log. */
export async function fetchSecurityLogs(q: SecurityLogQuery, signal?: AbortSignal): Promise<Page<SecurityLog>> {
  return toPage(await http.get<ListResult<SecurityLog>>(SECURITY_LOGS, { params: { ...q }, signal }))
}

export const securityLogListQuery = (q: SecurityLogQuery) =>
  queryOptions({ queryKey: auditingKeys.securityLogList(q), queryFn: ({ signal }) => fetchSecurityLogs(q, signal) })

export const deleteAuditLog = (id: string) => http.delete<void>(`${AUDIT_LOGS}/${encodeURIComponent(id)}`, { silent: true })
export const deleteSecurityLog = (id: string) => http.delete<void>(`${SECURITY_LOG}/${encodeURIComponent(id)}`, { silent: true })

/** Deleting rows of either log; each refreshes its list. */
export function useAuditingMutations() {
  const qc = useQueryClient()
  const removeAuditLog = useMutation({
    mutationFn: deleteAuditLog,
    onSuccess: (_: void, id: string) => {
      qc.removeQueries({ queryKey: auditingKeys.auditLog(id) })
      return qc.invalidateQueries({ queryKey: auditingKeys.auditLogLists })
    },
  })
  const removeSecurityLog = useMutation({
    mutationFn: deleteSecurityLog,
    onSuccess: () => qc.invalidateQueries({ queryKey: auditingKeys.securityLogs }),
  })
  return { removeAuditLog, removeSecurityLog }
}
