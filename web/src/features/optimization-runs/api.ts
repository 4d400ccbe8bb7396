import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, toPage, type Page, type PageRequest } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** An uploaded cut list (GET /api/optimization/import-files). */
export type ImportFile = Schemas['OptimizationImportFile']
/** One row of an import file. */
export type ImportFileRow = Schemas['OptimizationImportFileDetail']
/** What a verification found. */
export type Verification = Schemas['OptimizationVerification']
export type Problem = Schemas['OptimizationProblemView']
/** A run with its figures. */
export type Run = Schemas['OptimizationRun']
/** A run's progress while it runs. */
export type RunProgress = Schemas['OptimizationRunProgress']
/** A cut-list setting (the upload dialog's choice). */
export type ImportSetting = Schemas['OptimizationImportFileSetting']

/** Run statuses (0 queued, 1 running, 2 finished, 3 failed, 4 cancelled). */
export const RUN_QUEUED = 0
export const RUN_RUNNING = 1
export const RUN_FINISHED = 2
/** A run still moving: the page polls its progress. */
export const isLive = (status: number) => status === RUN_QUEUED || status === RUN_RUNNING

const BASE = '/api/optimization/import-files'
const enc = encodeURIComponent

export interface FilesRequest extends PageRequest {
  filter?: string
  status?: number
  sorting?: string
}
export interface RunsRequest extends PageRequest {
  planNo?: string
  status?: number
  from?: string
  to?: string
  sorting?: string
}

export const runsKeys = {
  all: ['optimization-runs'] as const,
  files: (q: FilesRequest) => ['optimization-runs', 'files', q] as const,
  rows: (id: string, q: PageRequest) => ['optimization-runs', 'rows', id, q] as const,
  runs: (q: RunsRequest) => ['optimization-runs', 'runs', q] as const,
  progress: (ids: string[]) => ['optimization-runs', 'progress', ids] as const,
  result: (id: string) => ['optimization-runs', 'result', id] as const,
  settings: ['optimization-runs', 'settings'] as const,
}

const blank = (s?: string) => (s && s.trim() ? s.trim() : undefined)

export const filesQuery = (q: FilesRequest) =>
  queryOptions({
    queryKey: runsKeys.files(q),
    queryFn: async ({ signal }): Promise<Page<ImportFile>> =>
      toPage(
        await http.get<ListResult<ImportFile>>(BASE, {
          params: { filter: blank(q.filter), status: q.status, sorting: blank(q.sorting), skipCount: q.skipCount, maxResultCount: q.maxResultCount },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  })

export const rowsQuery = (importFileId: string, q: PageRequest) =>
  queryOptions({
    queryKey: runsKeys.rows(importFileId, q),
    queryFn: async ({ signal }): Promise<Page<ImportFileRow>> =>
      toPage(await http.get<ListResult<ImportFileRow>>('/api/optimization/import-file-details', { params: { importFileId, ...q }, signal })),
    placeholderData: keepPreviousData,
  })

export const runsQuery = (q: RunsRequest) =>
  queryOptions({
    queryKey: runsKeys.runs(q),
    queryFn: async ({ signal }): Promise<Page<Run>> =>
      toPage(
        await http.get<ListResult<Run>>(`${BASE}/solutions`, {
          params: { planNo: blank(q.planNo), status: q.status, from: q.from, to: q.to, sorting: blank(q.sorting), skipCount: q.skipCount, maxResultCount: q.maxResultCount },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  })

/**
 * The progress of runs, polled every `pollMs` (default a second) while one of them is queued or
 * running; the hub's pushes move it in between (liveProgress.ts).
 */
export const progressQuery = (ids: string[], pollMs = 1000) =>
  queryOptions({
    queryKey: runsKeys.progress(ids),
    queryFn: async ({ signal }) => (await http.get<{ items: RunProgress[] | null }>(`${BASE}/progress`, { params: { ids: ids.join(',') }, signal })).items ?? [],
    enabled: ids.length > 0,
    refetchInterval: (q) => (!q.state.data || q.state.data.some((p) => isLive(p.status)) ? pollMs : false),
  })

/** The cut-list settings, the default first. */
export const importSettingsQuery = () =>
  queryOptions({
    queryKey: runsKeys.settings,
    queryFn: async ({ signal }) => {
      const r = await http.get<ListResult<ImportSetting> | ImportSetting[]>('/api/optimization/import-file-settings/all', { signal })
      const items = toPage(r).items
      return [...items].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    },
  })

/** A finished run's full result (download/{id}/json). */
export const resultQuery = (id: string) =>
  queryOptions({
    queryKey: runsKeys.result(id),
    queryFn: ({ signal }) => http.get<RunResult>(`${BASE}/download/${enc(id)}/json`, { signal }),
    staleTime: Infinity,
  })

export const downloadResult = (id: string) => http.blob(`${BASE}/download/${enc(id)}/json`)
/** Label layouts: A4 sheets of 3 × 8 labels of 70 × 37 mm, or one 100 × 60 mm label a page (a label printer's roll). */
export type LabelLayout = 'sheet' | 'roll'
/** A finished run's cutting diagrams as PDF (a summary page, then a page per pattern). */
export const downloadDiagrams = (id: string) => http.blob(`${BASE}/solutions/${enc(id)}/diagrams`, { silent: true })
/** A finished run's part labels as PDF, one per part copy. */
export const downloadLabels = (id: string, layout: LabelLayout) =>
  http.blob(`${BASE}/solutions/${enc(id)}/labels`, { params: { layout }, silent: true })
export const verifyFile = (id: string) => http.get<Verification>(`${BASE}/optimization/${enc(id)}/verification`, { silent: true })

/** Upload, delete, start and cancel; each refreshes the lists. */
export function useRunsMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: runsKeys.all })
  const upload = useMutation({
    mutationFn: ({ file, importFileSettingId }: { file: File; importFileSettingId: string }) => {
      const body = new FormData()
      body.append('file', file)
      body.append('importFileSettingId', importFileSettingId)
      return http.post<ImportFile>(BASE, body, { silent: true })
    },
    onSuccess: refresh,
  })
  const remove = useMutation({ mutationFn: (id: string) => http.delete<void>(`${BASE}/${enc(id)}`, { silent: true }), onSuccess: refresh })
  const start = useMutation({
    mutationFn: (importFileIds: string[]) => http.post<Run>(`${BASE}/optimization`, { importFileIds }, { silent: true }),
    onSuccess: refresh,
  })
  const cancel = useMutation({ mutationFn: (id: string) => http.post<Run>(`${BASE}/solutions/${enc(id)}/cancel`, undefined, { silent: true }), onSuccess: refresh })
  return { upload, remove, start, cancel }
}

/** The result file (internal/optimization/runs_job.go RunResult). */
export interface RunResult {
  planNo: string
  figures: Figures
  lowerBound: number
  sheets: ResultSheet[] | null
  patterns: { index: number; count: number; sheets: number[] | null }[] | null
}
export interface Figures {
  boards: number
  parts: number
  offcutsKept: number
  utilisation: number
  wastePct: number
  wasteOffcutPct: number
  cuts: number
  cycles: number
  sawSeconds: number
}
export interface ResultSheet {
  index: number
  boardCode: string
  material: string
  thickness: number
  length: number
  width: number
  pattern: number
  /** Parts area over board area, 0–1. */
  utilisation: number
  cuts: { seq: number; stage: number; x1: number; y1: number; x2: number; y2: number }[] | null
  parts: ResultPart[] | null
  offcuts: { x: number; y: number; length: number; width: number; reusable: boolean }[] | null
}
export interface ResultPart {
  labelCode: string
  orderNo: string
  cabinet: string
  name: string
  code: string
  cutLength: number
  cutWidth: number
  x: number
  y: number
  rotated: boolean
}
