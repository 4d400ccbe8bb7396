import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { HttpError, errorToMessage, http, listParams, saveBlob, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A material (GET /api/optimization/materials). */
export type Material = Schemas['OptimizationMaterial']
/** A material with its boards (GET /api/optimization/materials/{id}). */
export type MaterialWithBoards = Schemas['OptimizationMaterialWithBoards']
/** A board (stock sheet) with its material's code, name and thickness (GET /api/optimization/boards). */
export type Board = Schemas['OptimizationBoard']
/** Body of POST /api/optimization/materials. */
export type CreateMaterialBody = Schemas['OptimizationCreateMaterialInput']
/** Body of PUT /api/optimization/materials/{id}. */
export type UpdateMaterialBody = Schemas['OptimizationUpdateMaterialInput']
/** A board of a material's create or update. */
export type MaterialBoardBody = Schemas['OptimizationMaterialBoardInput']
/** What a batch or an import did. */
export type SaveResult = Schemas['OptimizationMaterialsSaveResult']

const MATERIALS = '/api/optimization/materials'
const BOARDS = '/api/optimization/boards'
const materialPath = (id: string) => `${MATERIALS}/${encodeURIComponent(id)}`

/** A material list request: the search bar's text and enabled state besides paging and sorting. */
export interface MaterialListRequest extends ListRequest {
  filterText?: string
  isEnable?: boolean
}

/** The boards query of spec 002 §7.11. */
export interface BoardListRequest extends ListRequest {
  planNo?: string
  boardsMaterialCode?: string
  boardsCode?: string
  lengthMin?: number
  lengthMax?: number
  widthMin?: number
  widthMax?: number
  binCode?: string
}

/** Query keys of the materials and boards. */
export const materialKeys = {
  all: ['optimization-materials'] as const,
  lists: ['optimization-materials', 'list'] as const,
  list: (q: MaterialListRequest) => ['optimization-materials', 'list', q] as const,
  one: (id: string) => ['optimization-materials', 'one', id] as const,
  boards: (q: BoardListRequest) => ['optimization-materials', 'boards', q] as const,
}

const trimmed = (v: string | undefined) => v?.trim() || undefined

export async function fetchMaterials(q: MaterialListRequest, signal?: AbortSignal): Promise<Page<Material>> {
  const params = { ...listParams(q), filterText: trimmed(q.filterText), isEnable: q.isEnable }
  return toPage(await http.get<ListResult<Material>>(MATERIALS, { params, signal }))
}

/** One page of materials, searched and sorted on the server. */
export const materialListQuery = (q: MaterialListRequest) =>
  queryOptions({ queryKey: materialKeys.list(q), queryFn: ({ signal }) => fetchMaterials(q, signal), placeholderData: keepPreviousData })

/** A material with its boards. */
export const materialQuery = (id: string) =>
  queryOptions({ queryKey: materialKeys.one(id), queryFn: ({ signal }) => http.get<MaterialWithBoards>(materialPath(id), { signal }) })

export async function fetchBoards(q: BoardListRequest, signal?: AbortSignal): Promise<Page<Board>> {
  const params = {
    ...listParams(q),
    planNo: trimmed(q.planNo),
    boardsMaterialCode: trimmed(q.boardsMaterialCode),
    boardsCode: trimmed(q.boardsCode),
    binCode: trimmed(q.binCode),
    lengthMin: q.lengthMin,
    lengthMax: q.lengthMax,
    widthMin: q.widthMin,
    widthMax: q.widthMax,
  }
  return toPage(await http.get<ListResult<Board>>(BOARDS, { params, signal }))
}

/** One page of boards by the §7.11 filters. */
export const boardListQuery = (q: BoardListRequest) =>
  queryOptions({ queryKey: materialKeys.boards(q), queryFn: ({ signal }) => fetchBoards(q, signal), placeholderData: keepPreviousData })

export const createMaterial = (body: CreateMaterialBody) => http.post<MaterialWithBoards>(MATERIALS, body, { silent: true })
export const updateMaterial = (id: string, body: UpdateMaterialBody) => http.put<MaterialWithBoards>(materialPath(id), body, { silent: true })
export const deleteMaterial = (id: string) => http.delete<void>(materialPath(id), { silent: true })

/** POST …/import-materials with the workbook in the multipart field `file`. */
export function importMaterials(file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return http.post<SaveResult>(`${MATERIALS}/import-materials`, form, { silent: true })
}

/** POST …/export-materials: the chosen materials (every one when none) and their boards as .xlsx. */
export async function exportMaterials(ids: string[], fallbackName: string): Promise<void> {
  saveBlob(await http.blobPost(`${MATERIALS}/export-materials`, ids.length ? { ids } : {}), fallbackName)
}

/** Messages of a failed import: one per cell the server named, else its message. */
export function importErrors(e: unknown, t: (key: string) => string): string[] {
  if (!(e instanceof HttpError)) return [e instanceof Error ? e.message : String(e)]
  const data = e.data as { error?: { validationErrors?: { message?: string }[] | null } } | undefined
  const rows = (data?.error?.validationErrors ?? []).map((v) => v.message ?? '').filter(Boolean)
  if (rows.length) return rows
  return [errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, t).message]
}

// ---------------------------------------------------------------- forms

/** A board as the material dialog edits it; quantity null is unlimited. */
export interface BoardFormValues {
  id?: string
  code: string
  length: number | null
  width: number | null
  cost: number | null
  quantity: number | null
  isOffcut: boolean
  planNo: string
  binCode: string
}

/** What the material dialog edits. */
export interface MaterialFormValues {
  code: string
  name: string
  thickness: number | null
  grain: boolean
  color: string
  edgeAllowance: number | null
  isEnable: boolean
  boards: BoardFormValues[]
}

export function toBoardForm(b: Partial<Board>): BoardFormValues {
  return {
    id: b.id,
    code: b.code ?? '',
    length: b.length ?? null,
    width: b.width ?? null,
    cost: b.cost ?? 0,
    quantity: b.quantity ?? null,
    isOffcut: b.isOffcut ?? false,
    planNo: b.planNo ?? '',
    binCode: b.binCode ?? '',
  }
}

/** A new board row: the standard 2440 × 1220 sheet, unlimited. */
export function newBoardRow(): BoardFormValues {
  return toBoardForm({ length: 2440, width: 1220 })
}

export function toMaterialForm(m: Partial<MaterialWithBoards>): MaterialFormValues {
  return {
    code: m.code ?? '',
    name: m.name ?? '',
    thickness: m.thickness ?? 18,
    grain: m.grain ?? false,
    color: m.color ?? '',
    edgeAllowance: m.edgeAllowance ?? 1,
    isEnable: m.isEnable ?? true,
    boards: (m.boards ?? []).map(toBoardForm),
  }
}

const num = (v: unknown, def: number): number => {
  if (v === null || v === undefined || v === '') return def
  const n = Number(v)
  return Number.isFinite(n) ? n : def
}

/** The body of a board: texts trimmed, a blank quantity left out (unlimited). */
export function toBoardBody(v: Partial<BoardFormValues>): MaterialBoardBody {
  const body: MaterialBoardBody = {
    code: (v.code ?? '').trim(),
    length: num(v.length, 0),
    width: num(v.width, 0),
    cost: num(v.cost, 0),
    isOffcut: !!v.isOffcut,
    planNo: (v.planNo ?? '').trim(),
    binCode: (v.binCode ?? '').trim(),
  }
  if (v.id) body.id = v.id
  if (v.quantity !== null && v.quantity !== undefined && String(v.quantity) !== '') body.quantity = num(v.quantity, 0)
  return body
}

/** The body of a material with its boards (an update's boards become these). */
export function toMaterialBody(v: MaterialFormValues): CreateMaterialBody {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    thickness: num(v.thickness, 0),
    grain: !!v.grain,
    color: (v.color ?? '').trim(),
    edgeAllowance: num(v.edgeAllowance, 0),
    isEnable: v.isEnable,
    boards: (v.boards ?? []).map(toBoardBody),
  }
}

// ---------------------------------------------------------------- mutations

/** Save, delete and import; each refreshes every list of the page. */
export function useMaterialMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: materialKeys.all })
  const saveMaterial = useMutation({
    mutationFn: ({ id, values, concurrencyStamp }: { id?: string; values: MaterialFormValues; concurrencyStamp?: string }) =>
      id ? updateMaterial(id, { ...toMaterialBody(values), concurrencyStamp }) : createMaterial(toMaterialBody(values)),
    onSuccess: refresh,
  })
  const removeMaterial = useMutation({ mutationFn: deleteMaterial, onSuccess: refresh })
  const importFile = useMutation({ mutationFn: importMaterials, onSuccess: refresh })
  return { saveMaterial, removeMaterial, importFile }
}
