import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { http, listParams, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult } from '../../api/types'
import { dictionaryKeys } from '../../components/dictionary-select'
import type {
  DictionaryWithDetails,
  FormFieldMapping,
  FormFieldMappingBody,
  ImportRuleMapping,
  ImportRuleMappingBody,
  ImportSplitMapping,
  ImportSplitMappingBody,
  ModuleType,
  PreviewResult,
} from './types'

export const IMPORT_RULE_MAPPINGS_PATH = '/api/basic-setup/import-rule-mappings'
export const FORM_FIELD_MAPPINGS_PATH = '/api/app/formFieldMappings'
export const SPLIT_MAPPINGS_PATH = '/api/split-order/import-split-mappings'
export const DICTIONARIES_ALL_PATH = '/api/dataDictionary/all'

/** A list request with the column filters of the table (filterParams). */
export interface MappingListRequest extends ListRequest {
  filters?: Record<string, string | number | boolean>
}

/** Query keys under ['importmapping', …]. */
export const mappingKeys = {
  all: ['importmapping'] as const,
  ruleMappings: ['importmapping', 'import-rule-mappings'] as const,
  ruleMappingList: (q: MappingListRequest) => ['importmapping', 'import-rule-mappings', 'list', q] as const,
  ruleMapping: (id: string) => ['importmapping', 'import-rule-mappings', 'one', id] as const,
  /** By language: the server answers the names in the caller's. */
  moduleTypes: (language: string) => ['importmapping', 'module-types', language] as const,
  formMappings: ['importmapping', 'form-field-mappings'] as const,
  formMappingList: (q: MappingListRequest) => ['importmapping', 'form-field-mappings', 'list', q] as const,
  splitMappings: ['importmapping', 'import-split-mappings'] as const,
  splitMappingList: (q: MappingListRequest) => ['importmapping', 'import-split-mappings', 'list', q] as const,
  /** Under the dictionary area's key, which its screens invalidate after each change. */
  dictionaries: [...dictionaryKeys.all, 'all'] as const,
}

const params = (q: MappingListRequest) => ({ ...(q.filters ?? {}), ...listParams(q) })

function listQuery<T>(key: readonly unknown[], path: string, q: MappingListRequest) {
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }): Promise<Page<T>> => toPage(await http.get<ListResult<T>>(path, { params: params(q), signal })),
  })
}

// ---------------------------------------------------------------- import rule mappings

export const ruleMappingsQuery = (q: MappingListRequest) => listQuery<ImportRuleMapping>(mappingKeys.ruleMappingList(q), IMPORT_RULE_MAPPINGS_PATH, q)

/** GET …/module-types: the module types and their fields, in the caller's language. */
export const moduleTypesQuery = (language: string) =>
  queryOptions({
    queryKey: mappingKeys.moduleTypes(language),
    queryFn: async ({ signal }): Promise<ModuleType[]> => {
      const r = await http.get<ListResult<ModuleType> | ModuleType[]>(`${IMPORT_RULE_MAPPINGS_PATH}/module-types`, { signal })
      return Array.isArray(r) ? r : (r?.items ?? [])
    },
    staleTime: 5 * 60_000,
  })

export function useModuleTypes() {
  const { i18n } = useTranslation()
  return useQuery(moduleTypesQuery(i18n.language))
}

/** GET /api/dataDictionary/all: every dictionary with its details (a short code list). */
export const dictionariesQuery = () =>
  queryOptions({
    queryKey: mappingKeys.dictionaries,
    queryFn: async ({ signal }): Promise<DictionaryWithDetails[]> => {
      const r = await http.get<ListResult<DictionaryWithDetails> | DictionaryWithDetails[]>(DICTIONARIES_ALL_PATH, { signal })
      return Array.isArray(r) ? r : (r?.items ?? [])
    },
  })

export function useDictionaries(enabled = true) {
  return useQuery({ ...dictionariesQuery(), enabled })
}

export const getRuleMapping = (id: string) => http.get<ImportRuleMapping>(`${IMPORT_RULE_MAPPINGS_PATH}/${id}`)

export function useRuleMappingMutations() {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: mappingKeys.ruleMappings })
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ImportRuleMappingBody }) =>
        id
          ? http.put<ImportRuleMapping>(`${IMPORT_RULE_MAPPINGS_PATH}/${id}`, body, { silent: true })
          : http.post<ImportRuleMapping>(IMPORT_RULE_MAPPINGS_PATH, body, { silent: true }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => http.delete(`${IMPORT_RULE_MAPPINGS_PATH}/${id}`, { silent: true }), onSuccess: invalidate }),
  }
}

/** POST …/{id}/preview with the file in the multipart field `file`: typed rows and every error. */
export function previewFile(id: string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return http.post<PreviewResult>(`${IMPORT_RULE_MAPPINGS_PATH}/${id}/preview`, form, { silent: true })
}

// ---------------------------------------------------------------- form field mappings

export const formMappingsQuery = (q: MappingListRequest) => listQuery<FormFieldMapping>(mappingKeys.formMappingList(q), FORM_FIELD_MAPPINGS_PATH, q)

export function useFormMappingMutations() {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: mappingKeys.formMappings })
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: FormFieldMappingBody }) =>
        id
          ? http.put<FormFieldMapping>(`${FORM_FIELD_MAPPINGS_PATH}/${id}`, body, { silent: true })
          : http.post<FormFieldMapping>(FORM_FIELD_MAPPINGS_PATH, body, { silent: true }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => http.delete(`${FORM_FIELD_MAPPINGS_PATH}/${id}`, { silent: true }), onSuccess: invalidate }),
  }
}

// ---------------------------------------------------------------- import split mappings

export const splitMappingsQuery = (q: MappingListRequest) => listQuery<ImportSplitMapping>(mappingKeys.splitMappingList(q), SPLIT_MAPPINGS_PATH, q)

export function useSplitMappingMutations() {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: mappingKeys.splitMappings })
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ImportSplitMappingBody }) =>
        id
          ? http.put<ImportSplitMapping>(`${SPLIT_MAPPINGS_PATH}/${id}`, body, { silent: true })
          : http.post<ImportSplitMapping>(SPLIT_MAPPINGS_PATH, body, { silent: true }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => http.delete(`${SPLIT_MAPPINGS_PATH}/${id}`, { silent: true }), onSuccess: invalidate }),
  }
}
