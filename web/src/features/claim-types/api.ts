import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'
import type { ValueType } from './rules'

/** A claim type (GET /api/identity/claim-types). */
export type ClaimType = Schemas['ClaimtypesClaimType']
/** Body of POST /api/identity/claim-types. */
export type CreateClaimTypeBody = Schemas['ClaimtypesCreateClaimTypeInput']
/** Body of PUT /api/identity/claim-types/{id}. */
export type UpdateClaimTypeBody = Schemas['ClaimtypesUpdateClaimTypeInput']

const BASE = '/api/identity/claim-types'
const typePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/** Query keys of the claim types. */
export const claimTypeKeys = {
  all: ['identity', 'claim-types'] as const,
  list: (q: ListRequest) => ['identity', 'claim-types', 'list', q] as const,
}

/** One page of claim types, searched on the name and sorted on the server. */
export async function fetchClaimTypes(q: ListRequest, signal?: AbortSignal): Promise<Page<ClaimType>> {
  return toPage(await http.get<ListResult<ClaimType>>(BASE, { params: listParams(q), signal }))
}

export const claimTypeListQuery = (q: ListRequest) =>
  queryOptions({ queryKey: claimTypeKeys.list(q), queryFn: ({ signal }) => fetchClaimTypes(q, signal), placeholderData: keepPreviousData })

export const createClaimType = (body: CreateClaimTypeBody) => http.post<ClaimType>(BASE, body, { silent: true })
export const updateClaimType = (id: string, body: UpdateClaimTypeBody) => http.put<ClaimType>(typePath(id), body, { silent: true })
export const deleteClaimType = (id: string) => http.delete<void>(typePath(id), { silent: true })

/** What the dialog edits. */
export interface ClaimTypeFormValues {
  name: string
  valueType: ValueType
  required: boolean
  regex: string
  regexDescription: string
  description: string
}

/** The form values of a row ({} for a new type: a String, not required). */
export function toFormValues(r: Partial<ClaimType>): ClaimTypeFormValues {
  return {
    name: r.name ?? '',
    valueType: r.valueType ?? 0,
    required: r.required ?? false,
    regex: r.regex ?? '',
    regexDescription: r.regexDescription ?? '',
    description: r.description ?? '',
  }
}

/** The body of a create or update: texts trimmed (the regex kept exactly as typed). */
export function toBody(v: ClaimTypeFormValues): Required<CreateClaimTypeBody> {
  return {
    name: (v.name ?? '').trim(),
    valueType: v.valueType ?? 0,
    required: !!v.required,
    regex: v.regex ?? '',
    regexDescription: (v.regexDescription ?? '').trim(),
    description: (v.description ?? '').trim(),
  }
}

/** Create, update, delete; each refreshes the lists (an update shows at once in the page it is on). */
export function useClaimTypeMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: claimTypeKeys.all })
  const save = useMutation({
    mutationFn: ({ id, values, concurrencyStamp }: { id?: string; values: ClaimTypeFormValues; concurrencyStamp?: string }) =>
      id ? updateClaimType(id, { ...toBody(values), concurrencyStamp }) : createClaimType(toBody(values)),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: claimTypeKeys.all }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const remove = useMutation({ mutationFn: deleteClaimType, onSuccess: refresh })
  return { save, remove }
}
