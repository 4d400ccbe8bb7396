/** The all-zero GUID: the "empty id", parent of top-level directories (spec 001 §3). */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000'

/** Catalogue module names: products live in "product" trees, parts in "matter" trees. */
export type CatalogModule = 'product' | 'matter'

/** A directory of a catalogue (GET /api/salesorder/catalogs). */
export interface Catalog {
  id: string
  parentId: string | null
  displayName: string
  catalogName?: string | null
  moduleName: string
  code?: string | null
  isEnable?: boolean
  concurrencyStamp?: string | null
}

/** Fields products and parts share (spec 001 §3). */
export interface CatalogItemBase {
  id: string
  catalogId?: string | null
  name: string
  code?: string | null
  erpCode?: string | null
  stockCode?: string | null
  workshopCode?: string | null
  factoryCode?: string | null
  length?: number | null
  width?: number | null
  height?: number | null
  price?: number | null
  describe?: string | null
  isEnable?: boolean
  unit?: string | null
  color?: string | null
  images?: string | null
  concurrencyStamp?: string | null
}

/** A product (module "product"). */
export interface Product extends CatalogItemBase {
  moduleName?: string | null
}

/** A sales part, the "material" of the parts screen (module "matter"). */
export interface Part extends CatalogItemBase {
  count?: number | null
  size?: string | null
}

/** Either kind of catalogue item. */
export type CatalogItem = Product | Part

/** The answer of a list call: `{items}` (and `totalCount` when paged). */
export interface ListResult<T> {
  items: T[]
  totalCount?: number
}

/** A row of the standard products list, catalogProduct's fields flattened onto it. */
export interface StandardProduct {
  id: string
  productName?: string | null
  images?: string | null
  creator?: string | null
  doorMaterial?: string | null
  isEnable?: boolean
  lastModifier?: string | null
  levelName?: string | null
  productCode?: string | null
  productDepth?: number | null
  productHeight?: number | null
  productImage?: string | null
  productMaterial?: string | null
  productStyle?: string | null
  productVersion?: string | null
  batchSize?: number | null
  productWidth?: number | null
  remark?: string | null
  info1?: string | null
  info2?: string | null
  info3?: string | null
  info4?: string | null
  info5?: string | null
  info6?: string | null
  info7?: string | null
  info8?: string | null
  info9?: string | null
  info10?: string | null
  concurrencyStamp?: string | null
}
