import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http, saveBlob, HttpError, errorToMessage, replaceRow, SHORT_LIST_MAX } from '../../components'
import {
  STANDARD_PRODUCTS_PATH,
  catalogItemPages,
  catalogKeys,
  catalogListQuery,
  cleanPayload,
  itemsPath,
  type Catalog,
  type CatalogItem,
  type CatalogModule,
  type ListResult,
  type Part,
  type Product,
  type StandardProduct,
} from '../../components/catalog-pickers'
import type { Schemas, WithNullable } from '../../api/types'

export { catalogKeys, catalogItemPages }

// ---------------------------------------------------------------- payloads

/** Text fields of a product or part body. */
export const ITEM_TEXT_FIELDS = ['name', 'code', 'erpCode', 'stockCode', 'workshopCode', 'factoryCode', 'describe', 'color', 'unit', 'images'] as const
/** Number fields of a product or part body. */
export const ITEM_NUMBER_FIELDS = ['length', 'width', 'height', 'price'] as const

/** The body of a product or part save (create or update): empty strings dropped (spec 001 §7). */
export type ItemBody =
  | Schemas['CatalogCreateProductInput']
  | Schemas['CatalogUpdateProductInput']
  | Schemas['CatalogCreatePartInput']
  | Schemas['CatalogUpdatePartInput']

/**
 * The whole editable row as a save body. A PUT replaces every text and number field, so the
 * edit row always sends all of them; empty strings are dropped (stored empty by the server).
 */
export function toItemBody(module: CatalogModule, row: Partial<CatalogItem> & { count?: number | null; size?: string | null }): ItemBody {
  const body: Record<string, string | number | boolean | null | undefined> = {}
  for (const f of ITEM_TEXT_FIELDS) {
    const v = row[f]
    body[f] = typeof v === 'string' ? v.trim() : undefined
  }
  for (const f of ITEM_NUMBER_FIELDS) body[f] = toNumberOrNull(row[f])
  body.isEnable = row.isEnable ?? true
  body.catalogId = row.catalogId || undefined
  body.concurrencyStamp = row.concurrencyStamp || undefined
  if (module === 'product') body.moduleName = 'product'
  else {
    body.count = toNumberOrNull(row.count)
    body.size = typeof row.size === 'string' ? row.size.trim() : undefined
  }
  return cleanPayload(body) as ItemBody
}

function toNumberOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}

/** Messages of a failed import: one per row problem the server listed, else its message. */
export function importErrors(e: unknown, t: (key: string) => string): string[] {
  if (!(e instanceof HttpError)) return [e instanceof Error ? e.message : String(e)]
  const data = e.data as { error?: { message?: string; validationErrors?: { message?: string }[] | null } } | undefined
  const rows = (data?.error?.validationErrors ?? []).map((v) => v.message ?? '').filter(Boolean)
  if (rows.length) return rows
  return [errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, t).message]
}

// ---------------------------------------------------------------- catalogues

/** POST /api/salesorder/catalogs; the UI always names the directory and its module. */
export type CreateCatalogBody = Schemas['CatalogCreateCatalogInput'] & {
  displayName: string
  moduleName: CatalogModule
}

/** PUT /api/salesorder/catalogs/{id}. */
export type UpdateCatalogBody = Schemas['CatalogUpdateCatalogInput']

export const createCatalog = (body: CreateCatalogBody) => http.post<Catalog>('/api/salesorder/catalogs', cleanPayload(body))

export const updateCatalog = (id: string, body: { displayName: string; concurrencyStamp?: string | null }) =>
  http.put<Catalog>(
    `/api/salesorder/catalogs/${id}`,
    cleanPayload<UpdateCatalogBody>({ displayName: body.displayName, concurrencyStamp: body.concurrencyStamp ?? undefined }),
  )

/**
 * DELETE a directory. Without cascade the server refuses a directory that still holds
 * sub-directories or items (400 naming what it holds); with cascade they go with it.
 */
export const deleteCatalog = (id: string, cascade = false) =>
  http.delete(`/api/salesorder/catalogs/${id}`, { params: cascade ? { cascade: true } : undefined, silent: !cascade })

export function useCatalogs(module: CatalogModule) {
  return useQuery(catalogListQuery(module, false))
}

export function useCatalogMutations(module: CatalogModule) {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: catalogKeys.catalogs(module) })
  const invalidateItems = () => qc.invalidateQueries({ queryKey: catalogKeys.items(module) })
  return {
    create: useMutation({ mutationFn: (b: Omit<CreateCatalogBody, 'moduleName'>) => createCatalog({ ...b, moduleName: module }), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: (v: { id: string; displayName: string; concurrencyStamp?: string | null }) => updateCatalog(v.id, v),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (v: { id: string; cascade?: boolean }) => deleteCatalog(v.id, v.cascade),
      onSuccess: () => Promise.all([invalidate(), invalidateItems()]),
    }),
  }
}

// ---------------------------------------------------------------- products and parts

export const createItem = <T extends CatalogItem>(module: CatalogModule, body: ItemBody) => http.post<T>(itemsPath(module), body)
export const updateItem = <T extends CatalogItem>(module: CatalogModule, id: string, body: ItemBody) =>
  http.put<T>(`${itemsPath(module)}/${id}`, body)
export const deleteItem = (module: CatalogModule, id: string) => http.delete(`${itemsPath(module)}/${id}`)

/** PUT …/batch-update: every row with its new values, all or nothing. */
export const batchUpdateItems = <T extends CatalogItem>(module: CatalogModule, items: (ItemBody & { id: string })[]) =>
  http.put<ListResult<T>>(`${itemsPath(module)}/batch-update`, { items })

/**
 * The items with their catalogId set to the target (spec 001 §4: moving sets catalogId on each).
 * The target EMPTY_GUID is the root: the items then belong to no directory.
 */
export function moveBodies(module: CatalogModule, rows: readonly CatalogItem[], targetCatalogId: string): (ItemBody & { id: string })[] {
  return rows.map((r) => ({ ...toItemBody(module, { ...r, catalogId: targetCatalogId }), id: r.id }))
}

export function useItemMutations<T extends CatalogItem>(module: CatalogModule) {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: catalogKeys.items(module) })
  return {
    save: useMutation({
      mutationFn: (row: Partial<T> & { id?: string }) =>
        row.id ? updateItem<T>(module, row.id, toItemBody(module, row)) : createItem<T>(module, toItemBody(module, row)),
      onSuccess: (saved) => {
        // Show the saved row at once (no flash of the old values), then reload.
        if (saved?.id) qc.setQueriesData({ queryKey: catalogKeys.items(module) }, (old) => replaceRow(old, saved))
        return invalidate()
      },
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteItem(module, id), onSuccess: invalidate }),
    move: useMutation({
      mutationFn: (v: { rows: readonly T[]; catalogId: string }) => batchUpdateItems<T>(module, moveBodies(module, v.rows, v.catalogId)),
      onSuccess: invalidate,
    }),
    importFile: useMutation({
      mutationFn: (v: { catalogId: string; file: File }) => importItems(module, v.catalogId, v.file),
      onSuccess: invalidate,
    }),
  }
}

/** GET …/excel: the import template, saved through the browser. */
export async function downloadTemplate(module: CatalogModule, fallbackName: string): Promise<void> {
  saveBlob(await http.blob(`${itemsPath(module)}/excel`), fallbackName)
}

/** POST …/import/{catalogId} with the spreadsheet in the multipart field `file`. */
export function importItems(module: CatalogModule, catalogId: string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return http.post<{ count: number }>(`${itemsPath(module)}/import/${catalogId}`, form, { silent: true })
}

/** GET …/export: the listed items as .xlsx. */
export async function exportItems(module: CatalogModule, catalogId: string | null, filter: string, fallbackName: string): Promise<void> {
  saveBlob(
    await http.blob(`${itemsPath(module)}/export`, { params: { CatalogIds: catalogId ?? undefined, Filter: filter.trim() || undefined } }),
    fallbackName,
  )
}

// ---------------------------------------------------------------- product–part links

/**
 * A part linked to a product with its count (spec 001 §3). `part` is null when the server did
 * not load it, and the audit ids are null when unset, although the OpenAPI document describes
 * them as always present (see WithNullable).
 */
export type ProductPart = Omit<WithNullable<Schemas['CatalogProductPart'], 'tenantId' | 'creatorId' | 'lastModifierId'>, 'part'> & {
  part: Part | null
}

export const fetchProductParts = (productId: string, signal?: AbortSignal) =>
  http
    .get<ListResult<ProductPart>>('/api/salesorder/products/parts', { params: { ProductId: productId, MaxResultCount: SHORT_LIST_MAX }, signal })
    .then((r) => r?.items ?? [])

export const createProductPart = (b: Schemas['CatalogCreateProductPartInput']) =>
  http.post<ProductPart>('/api/salesorder/products/part', b)
export const updateProductPart = (productId: string, b: Schemas['CatalogUpdateProductPartInput']) =>
  http.put<ProductPart>(`/api/salesorder/products/${productId}/part`, b)
export const deleteProductPart = (productId: string, partOrLinkId: string) =>
  http.delete(`/api/salesorder/products/${productId}/part/${partOrLinkId}`)

export function useProductParts(productId: string | null) {
  return useQuery({
    queryKey: catalogKeys.productParts(productId ?? ''),
    queryFn: ({ signal }) => fetchProductParts(productId as string, signal),
    enabled: !!productId,
  })
}

export function useProductPartMutations(productId: string) {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: catalogKeys.productParts(productId) })
  return {
    create: useMutation({ mutationFn: (v: { partId: string; count: number }) => createProductPart({ productId, ...v }), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (v: { id: string; count: number }) => updateProductPart(productId, v), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (linkId: string) => deleteProductPart(productId, linkId), onSuccess: invalidate }),
  }
}

// ---------------------------------------------------------------- files

/** POST /api/datav/files/images/upload; the image URL is the answer's fileUrl (spec 001 §5). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file, file.name)
  const r = await http.post<{ fileUrl: string }>('/api/datav/files/images/upload', form)
  return r.fileUrl
}

/** The image upload cap (spec 001 §7). */
export const MAX_UPLOAD_BYTES = 52_428_800

// ---------------------------------------------------------------- standard products

/** POST or PUT /api/sales-order/sales-order-catalog-products. */
export type StandardProductBody = Schemas['CatalogCreateStandardProductInput'] | Schemas['CatalogUpdateStandardProductInput']

export const STANDARD_TEXT_FIELDS = [
  'productName',
  'productCode',
  'productMaterial',
  'doorMaterial',
  'productStyle',
  'productVersion',
  'levelName',
  'images',
  'productImage',
  'remark',
  'info1',
  'info2',
  'info3',
  'info4',
  'info5',
  'info6',
  'info7',
  'info8',
  'info9',
  'info10',
] as const
export const STANDARD_NUMBER_FIELDS = ['productWidth', 'productHeight', 'productDepth', 'batchSize'] as const

/** A standard product save body: every field, empty strings dropped. */
export function toStandardProductBody(row: Partial<StandardProduct>): StandardProductBody {
  const body: Record<string, string | number | boolean | null | undefined> = {}
  for (const f of STANDARD_TEXT_FIELDS) {
    const v = row[f]
    body[f] = typeof v === 'string' ? v.trim() : undefined
  }
  for (const f of STANDARD_NUMBER_FIELDS) body[f] = toNumberOrNull(row[f])
  body.isEnable = row.isEnable ?? true
  body.concurrencyStamp = row.concurrencyStamp || undefined
  return cleanPayload(body) as unknown as StandardProductBody
}

/**
 * A standard product made from a catalogue product sold as it is: its name, code, image and
 * dimensions (a product's length runs along the wall, so it is the standard product's width;
 * its width is the depth).
 */
export function standardFromProduct(p: Product): Partial<StandardProduct> {
  return {
    productName: p.name,
    productCode: p.code ?? '',
    images: p.images ?? '',
    productWidth: p.length ?? null,
    productDepth: p.width ?? null,
    productHeight: p.height ?? null,
    remark: p.describe ?? '',
    isEnable: true,
  }
}

export function useStandardProductMutations() {
  const qc = useQueryClient()
  const invalidate = () => qc.invalidateQueries({ queryKey: catalogKeys.standardProducts })
  return {
    save: useMutation({
      mutationFn: (row: Partial<StandardProduct>) =>
        row.id
          ? http.put<StandardProduct>(`${STANDARD_PRODUCTS_PATH}/${row.id}`, toStandardProductBody(row))
          : http.post<StandardProduct>(STANDARD_PRODUCTS_PATH, toStandardProductBody(row)),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => http.delete(`${STANDARD_PRODUCTS_PATH}/${id}`), onSuccess: invalidate }),
    /** Creates one standard product per picked catalogue product, one after another. */
    fromProducts: useMutation({
      mutationFn: async (products: readonly Product[]) => {
        const out: StandardProduct[] = []
        for (const p of products) out.push(await http.post<StandardProduct>(STANDARD_PRODUCTS_PATH, toStandardProductBody(standardFromProduct(p))))
        return out
      },
      onSettled: invalidate,
    }),
  }
}
