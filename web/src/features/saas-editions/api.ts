import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** An edition (GET /api/saas/editions). */
export type Edition = Schemas['SaasEditionDto']

const BASE = '/api/saas/editions'
const editionPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

export const editionKeys = {
  all: ['saas', 'editions'] as const,
  list: (q: ListRequest) => ['saas', 'editions', 'list', q] as const,
}

export async function fetchEditions(q: ListRequest, signal?: AbortSignal): Promise<Page<Edition>> {
  return toPage(await http.get<ListResult<Edition>>(BASE, { params: listParams(q), signal }))
}

export const editionListQuery = (q: ListRequest) =>
  queryOptions({ queryKey: editionKeys.list(q), queryFn: ({ signal }) => fetchEditions(q, signal), placeholderData: keepPreviousData })

/** Create, rename and delete, each refreshing the lists of editions (the tenants' edition picker too). */
export function useEditionMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: editionKeys.all })
  const save = useMutation({
    mutationFn: ({ id, displayName, concurrencyStamp }: { id?: string; displayName: string; concurrencyStamp?: string }) =>
      id
        ? http.put<Edition>(editionPath(id), { displayName: displayName.trim(), concurrencyStamp }, { silent: true })
        : http.post<Edition>(BASE, { displayName: displayName.trim() }, { silent: true }),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: editionKeys.all }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const remove = useMutation({ mutationFn: (id: string) => http.delete<void>(editionPath(id), { silent: true }), onSuccess: refresh })
  return { save, remove }
}
