import { queryOptions } from '@tanstack/react-query'
import { http } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** One write of one row (changeType: Created 0, Updated 1, Deleted 2). */
export type EntityChange = Schemas['AuditEntityChange']

/** A change and who made it ('' when no request did: seeds, jobs). */
export type EntityChangeWithUserName = Schemas['AuditloggingEntityChangeWithUserName']

/** The entity type of identity users as the server names it (internal/auditlogging: UserEntityType). */
export const USER_ENTITY_TYPE = 'identity.User'

export const userHistoryKeys = {
  all: ['auditing', 'user-history'] as const,
  user: (userId: string) => ['auditing', 'user-history', userId] as const,
}

/** Every change made to one user, newest first (AbpIdentity.Users suffices for users). */
export async function fetchUserHistory(userId: string, signal?: AbortSignal): Promise<EntityChangeWithUserName[]> {
  const r = await http.get<ListResult<EntityChangeWithUserName> | EntityChangeWithUserName[]>(
    '/api/audit-logging/audit-logs/entity-changes-with-username',
    { params: { entityId: userId, entityTypeFullName: USER_ENTITY_TYPE }, signal },
  )
  if (Array.isArray(r)) return r
  return r?.items ?? []
}

export const userHistoryQuery = (userId: string) =>
  queryOptions({ queryKey: userHistoryKeys.user(userId), queryFn: ({ signal }) => fetchUserHistory(userId, signal) })
