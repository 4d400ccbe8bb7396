import { Permissions as P } from '../../components'

/** Permission names of the user administration (spec 002 §6), from the server's registry. */
export const UsersPermissions = {
  Users: P['AbpIdentity.Users'],
  Create: P['AbpIdentity.Users.Create'],
  Update: P['AbpIdentity.Users.Update'],
  Delete: P['AbpIdentity.Users.Delete'],
  ManagePermissions: P['AbpIdentity.Users.ManagePermissions'],
  Impersonation: P['AbpIdentity.Users.Impersonation'],
  /** The unit tree of the edit dialog reads every unit. */
  OrganizationUnits: P['AbpIdentity.OrganizationUnits'],
} as const
