import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import { dictionaryKeys } from '../../components/dictionary-select'
import type { ListResult, Schemas } from '../../api/types'

/** A data dictionary (GET /api/dataDictionary). */
export type Dictionary = Schemas['DatadictionaryDictionary']
/** A dictionary with its details (POST /api/dataDictionary, GET /api/dataDictionary/{id}). */
export type DictionaryWithDetails = Schemas['DatadictionaryDictionaryWithDetails']
/** A detail (item) of a dictionary. */
export type Detail = Schemas['DatadictionaryDetail']
/** Body of POST /api/dataDictionary. */
export type CreateDictionaryBody = Schemas['DatadictionaryCreateDictionaryInput']
/** Body of PUT /api/dataDictionary/{id}. */
export type UpdateDictionaryBody = Schemas['DatadictionaryUpdateDictionaryInput']
/** The fields of a detail. */
export type DetailBody = Schemas['DatadictionaryDetailFieldsInput']
/** Body of PUT /api/dataDictionaryDetail/{id}. */
export type UpdateDetailBody = Schemas['DatadictionaryUpdateDetailInput']

const BASE = '/api/dataDictionary'
const DETAILS = '/api/dataDictionaryDetail'
const dictPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`
const itemsPath = (id: string) => `${dictPath(id)}/items`
const itemPath = (id: string, itemId: string) => `${itemsPath(id)}/${encodeURIComponent(itemId)}`

/** A dictionary list request: the search bar's code and name besides paging and sorting. */
export interface DictionaryListRequest extends ListRequest {
  code?: string
  displayName?: string
}

/** A detail list request of one dictionary. */
export interface DetailListRequest extends ListRequest {
  dataDictionaryId: string
}

/**
 * Query keys of the data dictionaries; under dictionaryKeys.all, so a change here also refreshes
 * every DictionarySelect.
 */
export const dataDictionaryKeys = {
  all: dictionaryKeys.all,
  lists: [...dictionaryKeys.all, 'list'] as const,
  list: (q: DictionaryListRequest) => [...dictionaryKeys.all, 'list', q] as const,
  details: (q: DetailListRequest) => [...dictionaryKeys.all, 'details', q] as const,
}

export async function fetchDictionaries(q: DictionaryListRequest, signal?: AbortSignal): Promise<Page<Dictionary>> {
  const params = { ...listParams(q), code: q.code?.trim() || undefined, displayName: q.displayName?.trim() || undefined }
  return toPage(await http.get<ListResult<Dictionary>>(BASE, { params, signal }))
}

/** One page of dictionaries, searched by code and name and sorted on the server. */
export const dictionaryListQuery = (q: DictionaryListRequest) =>
  queryOptions({ queryKey: dataDictionaryKeys.list(q), queryFn: ({ signal }) => fetchDictionaries(q, signal), placeholderData: keepPreviousData })

export async function fetchDetails(q: DetailListRequest, signal?: AbortSignal): Promise<Page<Detail>> {
  return toPage(await http.get<ListResult<Detail>>(DETAILS, { params: { ...listParams(q), dataDictionaryId: q.dataDictionaryId }, signal }))
}

/** One page of a dictionary's details (by order, then label, unless sorted otherwise). */
export const detailListQuery = (q: DetailListRequest) =>
  queryOptions({ queryKey: dataDictionaryKeys.details(q), queryFn: ({ signal }) => fetchDetails(q, signal), placeholderData: keepPreviousData })

export const createDictionary = (body: CreateDictionaryBody) => http.post<DictionaryWithDetails>(BASE, body, { silent: true })
export const updateDictionary = (id: string, body: UpdateDictionaryBody) => http.put<Dictionary>(dictPath(id), body, { silent: true })
export const deleteDictionary = (id: string) => http.delete<void>(dictPath(id), { silent: true })
export const addDetail = (dictionaryId: string, body: DetailBody) => http.post<Detail>(itemsPath(dictionaryId), body, { silent: true })
export const updateDetail = (dictionaryId: string, id: string, body: UpdateDetailBody) =>
  http.put<Detail>(itemPath(dictionaryId, id), body, { silent: true })
export const deleteDetail = (dictionaryId: string, id: string) => http.delete<void>(itemPath(dictionaryId, id), { silent: true })

// ---------------------------------------------------------------- forms

/** A detail as the dialogs edit it. */
export interface DetailFormValues {
  code: string
  label: string
  value: string
  order: number | null
  isEnable: boolean
  isDefault: boolean
  description: string
}

/** What the dictionary dialog edits (details only when creating). */
export interface DictionaryFormValues {
  code: string
  displayName: string
  description: string
  details: DetailFormValues[]
}

export function toDictionaryForm(r: Partial<Dictionary>): DictionaryFormValues {
  return { code: r.code ?? '', displayName: r.displayName ?? '', description: r.description ?? '', details: [] }
}

export function toDetailForm(r: Partial<Detail>): DetailFormValues {
  return {
    code: r.code ?? '',
    label: r.label ?? '',
    value: r.value ?? '',
    order: r.order ?? 0,
    isEnable: r.isEnable ?? true,
    isDefault: r.isDefault ?? false,
    description: r.description ?? '',
  }
}

/** A new detail row of the create dialog (enabled, not the default). */
export function newDetailRow(): DetailFormValues {
  return toDetailForm({})
}

/** The body of a detail: texts trimmed, an empty order 0. */
export function toDetailBody(v: Partial<DetailFormValues>): Required<DetailBody> {
  return {
    code: (v.code ?? '').trim(),
    label: (v.label ?? '').trim(),
    value: (v.value ?? '').trim(),
    order: v.order === null || v.order === undefined || Number.isNaN(Number(v.order)) ? 0 : Number(v.order),
    isEnable: v.isEnable ?? true,
    isDefault: !!v.isDefault,
    description: (v.description ?? '').trim(),
  }
}

export function toDictionaryBody(v: DictionaryFormValues, withDetails: boolean): CreateDictionaryBody {
  const body: CreateDictionaryBody = { code: v.code.trim(), displayName: v.displayName.trim(), description: (v.description ?? '').trim() }
  // The items of a new dictionary are ordered as the dialog lists them: 1, 2, 3…
  if (withDetails && v.details?.length) body.details = v.details.map((d, i) => toDetailBody({ ...d, order: i + 1 }))
  return body
}

// ---------------------------------------------------------------- mutations

/** Create, update, delete of dictionaries and details; each refreshes every list and select. */
export function useDataDictionaryMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: dataDictionaryKeys.all })
  const saveDictionary = useMutation({
    mutationFn: ({ id, values, concurrencyStamp }: { id?: string; values: DictionaryFormValues; concurrencyStamp?: string }) =>
      id ? updateDictionary(id, { ...toDictionaryBody(values, false), concurrencyStamp }) : createDictionary(toDictionaryBody(values, true)),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: dataDictionaryKeys.lists }, (d: unknown) => replaceRow(d, saved as Dictionary))
      return refresh()
    },
  })
  const removeDictionary = useMutation({ mutationFn: deleteDictionary, onSuccess: refresh })
  const saveDetail = useMutation({
    mutationFn: ({ dictionaryId, id, values, concurrencyStamp }: { dictionaryId: string; id?: string; values: DetailFormValues; concurrencyStamp?: string }) =>
      id ? updateDetail(dictionaryId, id, { ...toDetailBody(values), concurrencyStamp }) : addDetail(dictionaryId, toDetailBody(values)),
    onSuccess: refresh,
  })
  const removeDetail = useMutation({
    mutationFn: ({ dictionaryId, id }: { dictionaryId: string; id: string }) => deleteDetail(dictionaryId, id),
    onSuccess: refresh,
  })
  return { saveDictionary, removeDictionary, saveDetail, removeDetail }
}
