import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, pageConfigKeys, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A configuration as the administrators' list shows it (GET /api/pageConfiguration). */
export type PageConfiguration = Schemas['PageconfigItem']
/** Body of POST /api/pageConfiguration: a role configuration, or the side's default of a route. */
export type CreateConfigurationBody = Schemas['PageconfigCreateInput']
/** Body of PUT /api/pageConfiguration/{id}: absent members keep their value. */
export type UpdateConfigurationBody = Schemas['PageconfigUpdateInput']
/** A role of the side (GET /api/identity/roles/all). */
export type SideRole = Schemas['IdentityRoleDto']

/** Kinds of configuration: a user's own, a role list's, the side's default. */
export type ConfigurationKind = PageConfiguration['kind']
export const KINDS: readonly ConfigurationKind[] = ['user', 'role', 'tenant']

const BASE = '/api/pageConfiguration'
const rowPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/** A list request with the search bar's route text (Filter) and kind. */
export interface ConfigurationListRequest extends ListRequest {
  kind?: ConfigurationKind
  /** Exactly this route. */
  routeKey?: string
}

/** Query keys of the screen. */
export const configurationKeys = {
  all: ['page-configuration'] as const,
  list: (q: ConfigurationListRequest) => ['page-configuration', 'list', q] as const,
  roles: ['page-configuration', 'roles'] as const,
}

/** One page of the side's configurations, searched (part of the route key), filtered by kind and sorted on the server. */
export async function fetchConfigurations(q: ConfigurationListRequest, signal?: AbortSignal): Promise<Page<PageConfiguration>> {
  const params = { ...listParams(q), kind: q.kind || undefined, routeKey: q.routeKey || undefined }
  return toPage(await http.get<ListResult<PageConfiguration>>(BASE, { params, signal }))
}

export const configurationListQuery = (q: ConfigurationListRequest) =>
  queryOptions({ queryKey: configurationKeys.list(q), queryFn: ({ signal }) => fetchConfigurations(q, signal), placeholderData: keepPreviousData })

/** Every role of the side (a short code list), for the role lists. */
export async function fetchRoles(signal?: AbortSignal): Promise<SideRole[]> {
  return toPage(await http.get<ListResult<SideRole>>('/api/identity/roles/all', { signal, silent: true })).items
}

export const rolesQuery = () => queryOptions({ queryKey: configurationKeys.roles, queryFn: ({ signal }) => fetchRoles(signal), staleTime: 60_000 })

export const createConfiguration = (body: CreateConfigurationBody) => http.post<PageConfiguration>(BASE, body, { silent: true })
export const updateConfiguration = (id: string, body: UpdateConfigurationBody) => http.put<PageConfiguration>(rowPath(id), body, { silent: true })
export const deleteConfiguration = (id: string) => http.delete<void>(rowPath(id), { silent: true })

/**
 * Create, update, delete. Each refreshes the list and drops every table's cached configuration
 * (pageConfigKeys.all), so a list the administrator opens next shows the change.
 */
export function useConfigurationMutations() {
  const qc = useQueryClient()
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: configurationKeys.all }), qc.invalidateQueries({ queryKey: pageConfigKeys.all })])
  const create = useMutation({ mutationFn: createConfiguration, onSuccess: refresh })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateConfigurationBody }) => updateConfiguration(id, body),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: configurationKeys.all }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const remove = useMutation({ mutationFn: deleteConfiguration, onSuccess: refresh })
  return { create, update, remove }
}
