import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'
import { sessionKeys } from '../../api/session'

/** A language (GET /api/language-management/languages). */
export type Language = Schemas['LanguageLanguage']
/** A culture of the culture list. */
export type Culture = Schemas['LanguageCulture']
export type CreateLanguageBody = Schemas['LanguageCreateLanguageInput']
export type UpdateLanguageBody = Schemas['LanguageUpdateLanguageInput']

const BASE = '/api/language-management/languages'
const languagePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

export const languageKeys = {
  all: ['language-management', 'languages'] as const,
  list: (q: ListRequest) => ['language-management', 'languages', 'list', q] as const,
  cultures: ['language-management', 'languages', 'culture-list'] as const,
}

export async function fetchLanguages(q: ListRequest, signal?: AbortSignal): Promise<Page<Language>> {
  return toPage(await http.get<ListResult<Language>>(BASE, { params: listParams(q), signal }))
}

export const languageListQuery = (q: ListRequest) =>
  queryOptions({ queryKey: languageKeys.list(q), queryFn: ({ signal }) => fetchLanguages(q, signal), placeholderData: keepPreviousData })

export const cultureListQuery = () =>
  queryOptions({
    queryKey: languageKeys.cultures,
    queryFn: ({ signal }) => http.get<Culture[]>(`${BASE}/culture-list`, { signal }),
    staleTime: Infinity,
  })

export const createLanguage = (body: CreateLanguageBody) => http.post<Language>(BASE, body, { silent: true })
export const updateLanguage = (id: string, body: UpdateLanguageBody) => http.put<Language>(languagePath(id), body, { silent: true })
export const deleteLanguage = (id: string) => http.delete<void>(languagePath(id), { silent: true })
export const setDefaultLanguage = (id: string) => http.put<void>(`${languagePath(id)}/set-as-default`, undefined, { silent: true })

/** What the dialog edits. */
export interface LanguageFormValues {
  cultureName: string
  uiCultureName: string
  displayName: string
  flagIcon: string
  isEnabled: boolean
}

export function toFormValues(r: Partial<Language>): LanguageFormValues {
  return {
    cultureName: r.cultureName ?? '',
    uiCultureName: r.uiCultureName ?? '',
    displayName: r.displayName ?? '',
    flagIcon: r.flagIcon ?? '',
    isEnabled: r.isEnabled ?? true,
  }
}

/** Create, update, delete, set default; each refreshes the list and the languages the picker offers. */
export function useLanguageMutations() {
  const qc = useQueryClient()
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: languageKeys.all }), qc.invalidateQueries({ queryKey: sessionKeys.config })])
  const save = useMutation({
    mutationFn: ({ id, values, concurrencyStamp }: { id?: string; values: LanguageFormValues; concurrencyStamp?: string }) =>
      id
        ? updateLanguage(id, { displayName: values.displayName.trim(), flagIcon: values.flagIcon.trim(), isEnabled: values.isEnabled, concurrencyStamp })
        : createLanguage({
            cultureName: values.cultureName,
            uiCultureName: values.uiCultureName || values.cultureName,
            displayName: values.displayName.trim(),
            flagIcon: values.flagIcon.trim(),
            isEnabled: values.isEnabled,
          }),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: languageKeys.all }, (d: unknown) => replaceRow(d, saved))
      return refresh()
    },
  })
  const remove = useMutation({ mutationFn: deleteLanguage, onSuccess: refresh })
  const makeDefault = useMutation({ mutationFn: setDefaultLanguage, onSuccess: refresh })
  return { save, remove, makeDefault }
}
