import { queryOptions } from '@tanstack/react-query'
import { http } from '../../api/http'
import { listParams, scrollPagesOptions, SHORT_LIST_MAX, toPage, type ListRequest, type Page, type PageRequest } from '../data-table'
import type { Catalog, CatalogItem, CatalogModule, ListResult, Part, Product, StandardProduct } from './types'

/**
 * What a product or part list asks the server for. Items are read a page at a time
 * (docs/decisions/0008-module-template.md, "Web": a list that can grow pages on the server).
 */
export interface ItemListQuery {
  /** A directory id; null is the fixed root entry, which lists every item of the tenant. */
  catalogId: string | null
  /** Only enabled items (select mode). */
  enabledOnly?: boolean
  /** Substring of the name or code, matched on the server. */
  filter?: string
  /** `name`, `code desc`, ... (the server's whitelist: name, code, erpCode, length, width, height, price, creationTime, isEnable). */
  sorting?: string
}

/**
 * Query keys of the catalogue area, shared by the catalogue pages and the pickers so that a
 * save on a page refreshes every picker and the other way round.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  catalogs: (module: CatalogModule) => ['catalog', 'catalogs', module] as const,
  catalogList: (module: CatalogModule, enabledOnly: boolean) => ['catalog', 'catalogs', module, { enabledOnly }] as const,
  items: (module: CatalogModule) => ['catalog', module === 'product' ? 'products' : 'parts'] as const,
  itemList: (module: CatalogModule, q: ItemListQuery) =>
    [
      'catalog',
      module === 'product' ? 'products' : 'parts',
      'list',
      { catalogId: q.catalogId, enabledOnly: !!q.enabledOnly, filter: q.filter?.trim() ?? '', sorting: q.sorting ?? '' },
    ] as const,
  productParts: (productId: string) => ['catalog', 'product-parts', productId] as const,
  standardProducts: ['catalog', 'standard-products'] as const,
  standardProductList: (params: StandardProductQuery) => ['catalog', 'standard-products', 'list', params] as const,
}

/** Base path of the item list of a module. */
export function itemsPath(module: CatalogModule): string {
  return module === 'product' ? '/api/salesorder/products' : '/api/salesorder/parts'
}

/**
 * GET /api/salesorder/catalogs: every directory of a module (only enabled ones when picking).
 * Directories are a short list: the tree needs all of them, so it asks for 999 at once.
 */
export async function fetchCatalogs(module: CatalogModule, enabledOnly = false, signal?: AbortSignal): Promise<Catalog[]> {
  const r = await http.get<ListResult<Catalog>>('/api/salesorder/catalogs', {
    params: {
      ModuleName: module,
      MaxResultCount: SHORT_LIST_MAX,
      SkipCount: 0,
      isEnable: enabledOnly ? true : undefined,
    },
    signal,
  })
  return toPage(r).items
}

/**
 * GET one page of the products or parts of a directory, searched and sorted on the server.
 * `catalogId` null is the fixed root entry, which has no id: the call then names no directory
 * and the server answers every item of the tenant. Only enabled rows when picking.
 */
export async function fetchCatalogItems<T extends CatalogItem = CatalogItem>(
  module: CatalogModule,
  q: ItemListQuery & PageRequest,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const r = await http.get<ListResult<T>>(itemsPath(module), {
    params: {
      CatalogIds: q.catalogId ?? undefined,
      isEnable: q.enabledOnly ? true : undefined,
      ...listParams(q),
    },
    signal,
  })
  return toPage(r)
}

export const catalogListQuery = (module: CatalogModule, enabledOnly = false) =>
  queryOptions({
    queryKey: catalogKeys.catalogList(module, enabledOnly),
    queryFn: ({ signal }) => fetchCatalogs(module, enabledOnly, signal),
  })

/** The items of a directory, 20 at a time as the user scrolls (give to useScrollPages). */
export const catalogItemPages = <T extends CatalogItem>(module: CatalogModule, q: ItemListQuery) =>
  scrollPagesOptions<T, ReturnType<typeof catalogKeys.itemList>>({
    queryKey: catalogKeys.itemList(module, q),
    fetchPage: (page, signal) => fetchCatalogItems<T>(module, { ...q, ...page }, signal),
  })

export const productPages = (q: ItemListQuery) => catalogItemPages<Product>('product', q)
export const partPages = (q: ItemListQuery) => catalogItemPages<Part>('matter', q)

/** Query of the standard products list: one page, searched and sorted on the server. */
export interface StandardProductQuery extends ListRequest {
  isEnable?: boolean
}

/** The standard products page list (and create, update, delete). */
export const STANDARD_PRODUCTS_PATH = '/api/sales-order/sales-order-catalog-products'
/** The standard products list the pickers read. */
export const STANDARD_PRODUCTS_PICK_PATH = '/api/split-order/catalog-products'

export async function fetchStandardProducts(q: StandardProductQuery, signal?: AbortSignal, path = STANDARD_PRODUCTS_PATH): Promise<Page<StandardProduct>> {
  const r = await http.get<ListResult<StandardProduct>>(path, { params: { ...listParams(q), isEnable: q.isEnable }, signal })
  return toPage(r)
}

export const standardProductsQuery = (q: StandardProductQuery, forPicking = false) =>
  queryOptions({
    queryKey: [...catalogKeys.standardProductList(q), forPicking ? 'pick' : 'page'] as const,
    queryFn: ({ signal }) => fetchStandardProducts(q, signal, forPicking ? STANDARD_PRODUCTS_PICK_PATH : STANDARD_PRODUCTS_PATH),
  })
