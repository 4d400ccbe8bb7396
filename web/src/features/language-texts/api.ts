import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A text of a target culture beside its base culture (GET /api/language-management/language-texts). */
export type LanguageText = Schemas['LanguageLanguageText']
export type Resource = Schemas['LanguageResource']
export type Language = Schemas['LanguageLanguage']

const BASE = '/api/language-management/language-texts'

/** What the page lists: a resource (empty: all), the two cultures and "only empty". */
export interface TextFilter {
  resourceName: string
  baseCultureName: string
  targetCultureName: string
  getOnlyEmptyValues: boolean
}

export const textKeys = {
  all: ['language-management', 'language-texts'] as const,
  list: (f: TextFilter, q: ListRequest) => ['language-management', 'language-texts', 'list', f, q] as const,
  resources: ['language-management', 'resources'] as const,
  languages: ['language-management', 'languages', 'all'] as const,
}

export async function fetchTexts(f: TextFilter, q: ListRequest, signal?: AbortSignal): Promise<Page<LanguageText>> {
  const params = { ...listParams(q), ...f, resourceName: f.resourceName || undefined }
  return toPage(await http.get<ListResult<LanguageText>>(BASE, { params, signal }))
}

export const textListQuery = (f: TextFilter, q: ListRequest) =>
  queryOptions({ queryKey: textKeys.list(f, q), queryFn: ({ signal }) => fetchTexts(f, q, signal), placeholderData: keepPreviousData })

export const resourcesQuery = () =>
  queryOptions({
    queryKey: textKeys.resources,
    queryFn: ({ signal }) => http.get<Resource[]>('/api/language-management/languages/resources', { signal }),
    staleTime: Infinity,
  })

/** Every language (for the culture selectors). */
export const allLanguagesQuery = () =>
  queryOptions({
    queryKey: textKeys.languages,
    queryFn: async ({ signal }) =>
      (await http.get<ListResult<Language>>('/api/language-management/languages', { params: { maxResultCount: 1000 }, signal })).items ?? [],
  })

export function textPath(r: Pick<LanguageText, 'resourceName' | 'cultureName' | 'name'>): string {
  return `${BASE}/${encodeURIComponent(r.resourceName)}/${encodeURIComponent(r.cultureName)}/${encodeURIComponent(r.name)}`
}

export const setText = (r: LanguageText, value: string) => http.put<void>(textPath(r), undefined, { params: { value }, silent: true })
export const restoreText = (r: LanguageText) => http.put<void>(`${textPath(r)}/restore`, undefined, { silent: true })

/** Edit and restore; each refreshes the list. */
export function useTextMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: textKeys.all })
  const save = useMutation({ mutationFn: ({ row, value }: { row: LanguageText; value: string }) => setText(row, value), onSuccess: refresh })
  const restore = useMutation({ mutationFn: restoreText, onSuccess: refresh })
  return { save, restore }
}
