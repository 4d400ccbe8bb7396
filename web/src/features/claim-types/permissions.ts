import { Permissions } from '../../components'

/** Permission names of the claim type administration (spec 002 §6), from the server's registry. */
export const ClaimTypePermissions = {
  /** Reading and changing claim types. */
  ClaimTypes: Permissions['AbpIdentity.IdentityClaimTypes'],
} as const
