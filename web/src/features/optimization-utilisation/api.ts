import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http, type Page, type PageRequest } from '../../components'
import type { Schemas } from '../../api/types'

/** One import file's figures in its latest finished run (GET …/utilization/by-file, …/files). */
export type FileUtilisation = Schemas['OptimizationFileUtilisation']
/** Figures of a file, a material of it, or a list's total. */
export type Figures = Schemas['OptimizationUtilisationFigures']
/** The chart page's answer: the files, their total, the materials cut in the period. */
export type ByFile = Schemas['OptimizationByFileUtilisation']
/** One file's detail: figures by material and board, the runs it was in. */
export type FileDetail = Schemas['OptimizationFileUtilisationDetail']
export type MaterialFigures = Schemas['OptimizationMaterialUtilisation']
export type BoardFigures = Schemas['OptimizationBoardUtilisation']
export type FileRun = Schemas['OptimizationFileRun']

/** A page of the file list with the totals of every matching file. */
export interface FilesPage extends Page<FileUtilisation> {
  totals: Figures
}

const BASE = '/api/optimization/import-files/utilization'
const enc = encodeURIComponent
const blank = (s?: string) => (s && s.trim() ? s.trim() : undefined)

export interface PeriodRequest {
  from?: string
  to?: string
  materialCode?: string
}
export interface FilesRequest extends PeriodRequest, PageRequest {
  filter?: string
  sorting?: string
}

export const utilisationKeys = {
  all: ['optimization-utilisation'] as const,
  byFile: (q: PeriodRequest) => ['optimization-utilisation', 'by-file', q] as const,
  files: (q: FilesRequest) => ['optimization-utilisation', 'files', q] as const,
  file: (id: string, runId?: string) => ['optimization-utilisation', 'file', id, runId ?? ''] as const,
}

const period = (q: PeriodRequest) => ({ from: blank(q.from), to: blank(q.to), materialCode: blank(q.materialCode) })

export const byFileQuery = (q: PeriodRequest) =>
  queryOptions({
    queryKey: utilisationKeys.byFile(q),
    queryFn: async ({ signal }): Promise<ByFile> => {
      const r = await http.get<ByFile>(`${BASE}/by-file`, { params: period(q), signal })
      return { ...r, items: r.items ?? [], materials: r.materials ?? [] }
    },
    placeholderData: keepPreviousData,
  })

export const filesQuery = (q: FilesRequest) =>
  queryOptions({
    queryKey: utilisationKeys.files(q),
    queryFn: async ({ signal }): Promise<FilesPage> => {
      const r = await http.get<Schemas['OptimizationFileUtilisationPage']>(`${BASE}/files`, {
        params: { ...period(q), filter: blank(q.filter), sorting: blank(q.sorting), skipCount: q.skipCount, maxResultCount: q.maxResultCount },
        signal,
      })
      return { items: r.items ?? [], totalCount: r.totalCount, totals: r.totals }
    },
    placeholderData: keepPreviousData,
  })

export const fileDetailQuery = (id: string | undefined, runId?: string) =>
  queryOptions({
    queryKey: utilisationKeys.file(id ?? '', runId),
    queryFn: async ({ signal }): Promise<FileDetail> => {
      const r = await http.get<FileDetail>(`${BASE}/files/${enc(id ?? '')}`, { params: { runId: blank(runId) }, signal })
      return { ...r, materials: r.materials ?? [], boards: r.boards ?? [], runs: r.runs ?? [] }
    },
    enabled: !!id,
  })
