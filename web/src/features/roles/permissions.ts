import { Permissions as P } from '../../components'

/** Permission names of the role administration (spec 002 §6, 000 §7 Roles), from the server's registry. */
export const RolesPermissions = {
  Roles: P['AbpIdentity.Roles'],
  Create: P['AbpIdentity.Roles.Create'],
  Update: P['AbpIdentity.Roles.Update'],
  Delete: P['AbpIdentity.Roles.Delete'],
  ManagePermissions: P['AbpIdentity.Roles.ManagePermissions'],
} as const
