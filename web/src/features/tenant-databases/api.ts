import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../components'
import type { ApplyResult, ConnectionStrings, UpdateConnectionStrings } from './form'

const base = (tenantId: string) => `/api/saas/tenants/${tenantId}`

/** Query keys of the tenants' databases. */
export const tenantDatabaseKeys = {
  all: ['tenant-databases'] as const,
  strings: (tenantId: string) => ['tenant-databases', tenantId] as const,
}

export const connectionStringsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: tenantDatabaseKeys.strings(tenantId),
    queryFn: ({ signal }) => http.get<ConnectionStrings>(`${base(tenantId)}/connection-strings`, { signal }),
  })

/** Save the strings (errors are the caller's to show, on the fields) and apply the migrations. */
export function useConnectionStringMutations(tenantId: string) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: tenantDatabaseKeys.strings(tenantId) })
  const save = useMutation({
    mutationFn: (body: UpdateConnectionStrings) => http.put<ConnectionStrings>(`${base(tenantId)}/connection-strings`, body, { silent: true }),
    onSuccess: refresh,
  })
  const apply = useMutation({
    mutationFn: () => http.post<ApplyResult>(`${base(tenantId)}/apply-database-migrations`, undefined, { timeout: 10 * 60_000 }),
    onSuccess: refresh,
  })
  return { save, apply }
}
