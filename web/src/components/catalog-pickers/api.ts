import { queryOptions } from '@tanstack/react-query'
import { http } from '../../api/http'
import type { Catalog, CatalogItem, CatalogModule, ListResult, Part, Product, StandardProduct } from './types'

/** Catalogue, product and part lists ask for this many rows at once (spec 001 §9). */
export const CATALOG_LIST_MAX = 999

/**
 * Query keys of the catalogue area, shared by the catalogue pages and the pickers so that a
 * save on a page refreshes every picker and the other way round.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  catalogs: (module: CatalogModule) => ['catalog', 'catalogs', module] as const,
  catalogList: (module: CatalogModule, enabledOnly: boolean) => ['catalog', 'catalogs', module, { enabledOnly }] as const,
  items: (module: CatalogModule) => ['catalog', module === 'product' ? 'products' : 'parts'] as const,
  itemList: (module: CatalogModule, catalogId: string | null, enabledOnly: boolean) =>
    ['catalog', module === 'product' ? 'products' : 'parts', 'list', catalogId ?? 'root', { enabledOnly }] as const,
  productParts: (productId: string) => ['catalog', 'product-parts', productId] as const,
  standardProducts: ['catalog', 'standard-products'] as const,
  standardProductList: (params: StandardProductQuery) => ['catalog', 'standard-products', 'list', params] as const,
}

/** Base path of the item list of a module. */
export function itemsPath(module: CatalogModule): string {
  return module === 'product' ? '/api/salesorder/products' : '/api/salesorder/parts'
}

function itemsOf<T>(r: ListResult<T> | T[] | undefined | null): T[] {
  if (!r) return []
  return Array.isArray(r) ? r : (r.items ?? [])
}

/** GET /api/salesorder/catalogs: every directory of a module (only enabled ones when picking). */
export async function fetchCatalogs(module: CatalogModule, enabledOnly = false, signal?: AbortSignal): Promise<Catalog[]> {
  const r = await http.get<ListResult<Catalog>>('/api/salesorder/catalogs', {
    params: {
      ModuleName: module,
      MaxResultCount: CATALOG_LIST_MAX,
      SkipCount: 0,
      isEnable: enabledOnly ? true : undefined,
    },
    signal,
  })
  return itemsOf(r)
}

/**
 * GET the products or parts of one directory. `catalogId` null is the fixed root entry, which
 * has no id: the call then names no directory and the server answers every item of the tenant.
 * Only enabled rows when picking.
 */
export async function fetchCatalogItems<T extends CatalogItem = CatalogItem>(
  module: CatalogModule,
  catalogId: string | null,
  enabledOnly = false,
  signal?: AbortSignal,
): Promise<T[]> {
  const r = await http.get<ListResult<T>>(itemsPath(module), {
    params: {
      CatalogIds: catalogId ?? undefined,
      MaxResultCount: CATALOG_LIST_MAX,
      SkipCount: 0,
      isEnable: enabledOnly ? true : undefined,
    },
    signal,
  })
  return itemsOf(r)
}

export const catalogListQuery = (module: CatalogModule, enabledOnly = false) =>
  queryOptions({
    queryKey: catalogKeys.catalogList(module, enabledOnly),
    queryFn: ({ signal }) => fetchCatalogs(module, enabledOnly, signal),
  })

export const catalogItemsQuery = <T extends CatalogItem>(module: CatalogModule, catalogId: string | null, enabledOnly = false) =>
  queryOptions({
    queryKey: catalogKeys.itemList(module, catalogId, enabledOnly),
    queryFn: ({ signal }) => fetchCatalogItems<T>(module, catalogId, enabledOnly, signal),
  })

export const productsQuery = (catalogId: string | null, enabledOnly = false) =>
  catalogItemsQuery<Product>('product', catalogId, enabledOnly)
export const partsQuery = (catalogId: string | null, enabledOnly = false) => catalogItemsQuery<Part>('matter', catalogId, enabledOnly)

/** Query of the standard products list. */
export interface StandardProductQuery {
  filter?: string
  skipCount: number
  maxResultCount: number
  sorting?: string
  isEnable?: boolean
}

/** The standard products page list (and create, update, delete). */
export const STANDARD_PRODUCTS_PATH = '/api/sales-order/sales-order-catalog-products'
/** The standard products list the pickers read. */
export const STANDARD_PRODUCTS_PICK_PATH = '/api/split-order/catalog-products'

export function fetchStandardProducts(
  q: StandardProductQuery,
  signal?: AbortSignal,
  path = STANDARD_PRODUCTS_PATH,
): Promise<{ items: StandardProduct[]; totalCount: number }> {
  return http
    .get<ListResult<StandardProduct>>(path, {
      params: {
        Filter: q.filter?.trim() || undefined,
        SkipCount: q.skipCount,
        MaxResultCount: q.maxResultCount,
        Sorting: q.sorting,
        isEnable: q.isEnable,
      },
      signal,
    })
    .then((r) => ({ items: itemsOf(r), totalCount: r?.totalCount ?? itemsOf(r).length }))
}

export const standardProductsQuery = (q: StandardProductQuery, forPicking = false) =>
  queryOptions({
    queryKey: [...catalogKeys.standardProductList(q), forPicking ? 'pick' : 'page'] as const,
    queryFn: ({ signal }) =>
      fetchStandardProducts(q, signal, forPicking ? STANDARD_PRODUCTS_PICK_PATH : STANDARD_PRODUCTS_PATH),
  })
