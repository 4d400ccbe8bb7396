import type { ListResult, Schemas, WithNullable } from '../../api/types'

/** The all-zero GUID: the "empty id", parent of top-level directories (spec 001 §3). */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000'

/** Catalogue module names: products live in "product" trees, parts in "matter" trees. */
export type CatalogModule = 'product' | 'matter'

/**
 * Server shapes of the catalogue, aliases of the types generated from the server's OpenAPI
 * document (src/api/gen/schema.d.ts). The entity audit ids (tenantId, creatorId,
 * lastModifierId) are null when unset although the document calls them strings; see
 * WithNullable.
 */
type AuditIds = 'tenantId' | 'creatorId' | 'lastModifierId'

/** A directory of a catalogue (GET /api/salesorder/catalogs); parentId is EMPTY_GUID at the top. */
export type Catalog = WithNullable<Schemas['CatalogCatalog'], AuditIds>

/** A product (module "product"). */
export type Product = WithNullable<Schemas['CatalogProduct'], AuditIds>

/** A sales part, the "material" of the parts screen (module "matter"). */
export type Part = WithNullable<Schemas['CatalogPart'], AuditIds>

/** Fields products and parts share (spec 001 §3). */
export type CatalogItemBase = Omit<Product, 'moduleName'> & Omit<Part, 'count' | 'size'>

/** Either kind of catalogue item. */
export type CatalogItem = Product | Part

/** The answer of a list call: `{items}` (and `totalCount` when paged). */
export type { ListResult }

/**
 * A row of the standard products list: the catalogue product's fields flattened onto it
 * (and nested under catalogProduct).
 */
export type StandardProduct = WithNullable<Schemas['CatalogStandardProduct'], AuditIds>
