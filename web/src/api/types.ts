/**
 * API shapes of the session area, aliases of the types generated from the server's OpenAPI
 * document (src/api/gen/schema.d.ts; regenerate with `bash scripts/gen-api.sh`). Do not
 * hand-write a shape the server describes: alias `Schemas[...]` instead.
 */
import type { components } from './gen/schema'

/** Every schema the server's OpenAPI document defines. */
export type Schemas = components['schemas']

/**
 * T with the keys K widened to allow null. The server encodes optional ids (Go `*uuid.UUID`)
 * as null, but its OpenAPI document describes them as plain strings; this corrects those
 * fields until the document marks them nullable.
 */
export type WithNullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null }

/** GET /api/abp/application-configuration. */
export type ApplicationConfiguration = Omit<Schemas['SessionApplicationConfiguration'], 'currentUser' | 'currentTenant'> & {
  currentUser: CurrentUser
  currentTenant: CurrentTenant
}

/** The caller; null ids for an anonymous caller (see WithNullable). */
export type CurrentUser = WithNullable<Schemas['SessionCurrentUser'], 'id' | 'tenantId' | 'impersonatorUserId' | 'impersonatorTenantId'>

/** The tenant a request acts in; id and name are null for the host (see WithNullable). */
export type CurrentTenant = WithNullable<Schemas['SessionCurrentTenant'], 'id'>

/** One entry of GET /api/menu/getWebMenu; parentId is the empty GUID at the top level. */
export type MenuItem = Schemas['MenusMenuItem']

/** GET /api/identity/my-profile. */
export type MyProfile = Schemas['IdentityProfile']

/** PUT /api/identity/my-profile. */
export type MyProfileInput = Schemas['IdentityProfileInput']

/** GET /api/tenantextend/check-tenant. */
export type TenantCheck = Schemas['SessionTenantCheck']

/** A list answer: `{items}` (and `totalCount` when paged); the server sends null for no items. */
export interface ListResult<T> {
  items: T[] | null
  totalCount?: number
}
