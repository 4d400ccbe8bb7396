import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A tenant (GET /api/saas/tenants). */
export type Tenant = Schemas['SaasTenantDto']
/** An edition, for the dialog's picker. */
export type EditionOption = Schemas['SaasEditionDto']

const BASE = '/api/saas/tenants'
const tenantPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

export const tenantKeys = {
  all: ['saas', 'tenants'] as const,
  list: (q: ListRequest) => ['saas', 'tenants', 'list', q] as const,
  editions: ['saas', 'editions', 'options'] as const,
}

export async function fetchTenants(q: ListRequest, signal?: AbortSignal): Promise<Page<Tenant>> {
  return toPage(await http.get<ListResult<Tenant>>(BASE, { params: listParams(q), signal }))
}

export const tenantListQuery = (q: ListRequest) =>
  queryOptions({ queryKey: tenantKeys.list(q), queryFn: ({ signal }) => fetchTenants(q, signal), placeholderData: keepPreviousData })

/** Every edition (a short list: the server answers up to 1000). */
export const editionOptionsQuery = () =>
  queryOptions({
    queryKey: tenantKeys.editions,
    queryFn: async ({ signal }) =>
      (await http.get<ListResult<EditionOption>>('/api/saas/editions', { params: { maxResultCount: 1000 }, signal })).items ?? [],
  })

/** What the dialog edits. */
export interface TenantFormValues {
  name: string
  editionId?: string | null
  isActive: boolean
  activationMessage: string
  adminEmailAddress?: string
  adminPassword?: string
}

export function toFormValues(r: Partial<Tenant>): TenantFormValues {
  return { name: r.name ?? '', editionId: r.editionId ?? null, isActive: r.isActive ?? true, activationMessage: r.activationMessage ?? '' }
}

/** The body of a create (with the administrator) or an update (with the stamp read). */
export function toBody(values: TenantFormValues, row: Partial<Tenant>) {
  const common = {
    name: values.name.trim(),
    editionId: values.editionId || null,
    isActive: values.isActive,
    activationMessage: values.activationMessage?.trim() ?? '',
  }
  if (row.id) return { ...common, concurrencyStamp: row.concurrencyStamp }
  return { ...common, adminEmailAddress: values.adminEmailAddress?.trim() ?? '', adminPassword: values.adminPassword ?? '' }
}

/** Create, update and delete, each refreshing the list. */
export function useTenantMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: tenantKeys.all })
  const save = useMutation({
    mutationFn: ({ row, values }: { row: Partial<Tenant>; values: TenantFormValues }) =>
      row.id
        ? http.put<Tenant>(tenantPath(row.id), toBody(values, row), { silent: true })
        : http.post<Tenant>(BASE, toBody(values, row), { silent: true }),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: tenantKeys.all }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const remove = useMutation({ mutationFn: (id: string) => http.delete<void>(tenantPath(id), { silent: true }), onSuccess: refresh })
  return { save, remove }
}
