import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, toPage, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A template definition (GET /api/text-template-management/template-definitions). */
export type TemplateDefinition = Schemas['TexttemplateDefinitionDto']
/** A template's content in one culture. */
export type TemplateContent = Schemas['TexttemplateContentDto']

const BASE = '/api/text-template-management'

/** The cultures a content can be edited in. */
export const CULTURES = ['zh-Hans', 'en'] as const

/** Query keys of the text templates. */
export const textTemplateKeys = {
  all: ['text-templates'] as const,
  definitions: (q: { filter: string; skipCount: number; maxResultCount: number }) => ['text-templates', 'definitions', q] as const,
  content: (name: string, culture: string) => ['text-templates', 'content', name, culture] as const,
  preview: (name: string, culture: string, content: string) => ['text-templates', 'preview', name, culture, content] as const,
}

export async function fetchDefinitions(
  q: { filter: string; skipCount: number; maxResultCount: number },
  signal?: AbortSignal,
): Promise<Page<TemplateDefinition>> {
  return toPage(
    await http.get<ListResult<TemplateDefinition>>(`${BASE}/template-definitions`, {
      params: { filterText: q.filter || undefined, skipCount: q.skipCount, maxResultCount: q.maxResultCount },
      signal,
    }),
  )
}

export const definitionsQuery = (q: { filter: string; skipCount: number; maxResultCount: number }) =>
  queryOptions({ queryKey: textTemplateKeys.definitions(q), queryFn: ({ signal }) => fetchDefinitions(q, signal), placeholderData: keepPreviousData })

export const contentQuery = (name: string, culture: string) =>
  queryOptions({
    queryKey: textTemplateKeys.content(name, culture),
    queryFn: ({ signal }) =>
      http.get<TemplateContent>(`${BASE}/template-contents`, { params: { templateName: name, cultureName: culture }, signal }),
  })

/** The server's rendering of content with the template's sample model, inside its layout. */
export const previewQuery = (name: string, culture: string, content: string) =>
  queryOptions({
    queryKey: textTemplateKeys.preview(name, culture, content),
    queryFn: ({ signal }) =>
      http.post<{ html: string }>(`${BASE}/template-contents/preview`, { templateName: name, cultureName: culture, content }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  })

/** Save and restore a culture's content; each refreshes that content. */
export function useContentMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: textTemplateKeys.all })
  const save = useMutation({
    mutationFn: (b: { templateName: string; cultureName: string; content: string }) =>
      http.put<TemplateContent>(`${BASE}/template-contents`, b, { silent: true }),
    onSuccess: refresh,
  })
  const restore = useMutation({
    mutationFn: (b: { templateName: string; cultureName: string }) =>
      http.put<void>(`${BASE}/template-contents/restore-to-default`, b, { silent: true }),
    onSuccess: refresh,
  })
  return { save, restore }
}
