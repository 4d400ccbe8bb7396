import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, replaceRow, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** An import-file setting with its details (GET /api/optimization/import-file-settings). */
export type ImportFileSetting = Schemas['OptimizationImportFileSetting']
/** One column of a setting. */
export type SettingDetail = Schemas['OptimizationImportFileSettingDetail']
/** What a detail says in a save. */
export type DetailFields = Schemas['OptimizationDetailFields']
/** Body of a setting's create. */
export type ImportFileSettingBody = Schemas['OptimizationImportFileSettingInput']
/** Optimise parameters. */
export type ParameterSetting = Schemas['OptimizationParameterSetting']
export type ParameterBody = Schemas['OptimizationParameterSettingInput']
/** A saw. */
export type MachineSetting = Schemas['OptimizationMachineSetting']
export type MachineBody = Schemas['OptimizationMachineSettingInput']

/** What an import of settings did. */
export interface ImportSettingsResult {
  created: number
  replaced: number
  details: number
}

export const IMPORT_SETTINGS = '/api/optimization/import-file-settings'
export const PARAMETERS = '/api/optimization/optimize-parameter-settings'
export const MACHINES = '/api/optimization/machine-parameter-settings'

const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`

/** A list request of one of the pages: paging, sorting and the search text. */
export interface SettingsListRequest extends ListRequest {
  filterText?: string
}

export const settingsKeys = {
  all: ['optimization-settings'] as const,
  list: (kind: string, q: SettingsListRequest) => ['optimization-settings', kind, 'list', q] as const,
  kind: (kind: string) => ['optimization-settings', kind] as const,
}

async function fetchList<T>(base: string, q: SettingsListRequest, signal?: AbortSignal): Promise<Page<T>> {
  const params = { ...listParams(q), filterText: q.filterText?.trim() || undefined }
  return toPage(await http.get<ListResult<T>>(base, { params, signal }))
}

export const importSettingsQuery = (q: SettingsListRequest) =>
  queryOptions({
    queryKey: settingsKeys.list('import', q),
    queryFn: ({ signal }) => fetchList<ImportFileSetting>(IMPORT_SETTINGS, q, signal),
    placeholderData: keepPreviousData,
  })
/** One page of a kind of setting (the parameters and machines pages). */
export const settingsListQuery = <T,>(kind: string, base: string, q: SettingsListRequest) =>
  queryOptions({ queryKey: settingsKeys.list(kind, q), queryFn: ({ signal }) => fetchList<T>(base, q, signal), placeholderData: keepPreviousData })

export const downloadTemplate = (id: string) => http.blob(`${IMPORT_SETTINGS}/file-setting-template/${encodeURIComponent(id)}`)
export const exportSettings = (ids: string[]) => http.blobPost(`${IMPORT_SETTINGS}/export-importsetting`, { ids })
export function importSettings(file: File) {
  const body = new FormData()
  body.append('file', file)
  return http.post<ImportSettingsResult>(`${IMPORT_SETTINGS}/import-importsetting`, body, { silent: true })
}

/** Saves and deletes of the three pages; each refreshes its page's lists. */
export function useSettingsMutations() {
  const qc = useQueryClient()
  const refresh = (kind: string) => () => qc.invalidateQueries({ queryKey: settingsKeys.kind(kind) })
  const saveImportSetting = useMutation({
    mutationFn: ({ id, body, concurrencyStamp }: { id?: string; body: ImportFileSettingBody; concurrencyStamp?: string }) =>
      id
        ? http.put<ImportFileSetting>(one(IMPORT_SETTINGS, id), { ...body, concurrencyStamp }, { silent: true })
        : http.post<ImportFileSetting>(IMPORT_SETTINGS, body, { silent: true }),
    onSuccess: (saved) => {
      if (saved?.id) qc.setQueriesData({ queryKey: settingsKeys.kind('import') }, (d: unknown) => replaceRow(d, saved))
      return refresh('import')()
    },
  })
  const removeImportSetting = useMutation({
    mutationFn: (id: string) => http.delete<void>(one(IMPORT_SETTINGS, id), { silent: true }),
    onSuccess: refresh('import'),
  })
  const importWorkbook = useMutation({ mutationFn: importSettings, onSuccess: refresh('import') })
  const saveParameters = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ParameterBody }) =>
      id ? http.put<ParameterSetting>(one(PARAMETERS, id), body, { silent: true }) : http.post<ParameterSetting>(PARAMETERS, body, { silent: true }),
    onSuccess: refresh('parameters'),
  })
  const removeParameters = useMutation({
    mutationFn: (id: string) => http.delete<void>(one(PARAMETERS, id), { silent: true }),
    onSuccess: refresh('parameters'),
  })
  const saveMachine = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MachineBody }) =>
      id ? http.put<MachineSetting>(one(MACHINES, id), body, { silent: true }) : http.post<MachineSetting>(MACHINES, body, { silent: true }),
    onSuccess: refresh('machines'),
  })
  const removeMachine = useMutation({
    mutationFn: (id: string) => http.delete<void>(one(MACHINES, id), { silent: true }),
    onSuccess: refresh('machines'),
  })
  return { saveImportSetting, removeImportSetting, importWorkbook, saveParameters, removeParameters, saveMachine, removeMachine }
}
