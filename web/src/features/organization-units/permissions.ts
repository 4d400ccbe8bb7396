import { Permissions } from '../../components'

/** Permission names the organisation unit page checks (spec 002 §6), from the server's registry. */
export const OrganizationUnitPermissions = {
  /** Every unit operation: the tree, members and roles. */
  OrganizationUnits: Permissions['AbpIdentity.OrganizationUnits'],
  /** Reading the tenant's roles, needed to pick roles to add to a unit. */
  Roles: Permissions['AbpIdentity.Roles'],
} as const
