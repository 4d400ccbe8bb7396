import { Permissions } from '../../components'

/** The change history of users is read with the user administration's permission (spec 002 §6). */
export const UserHistoryPermissions = {
  Users: Permissions['AbpIdentity.Users'],
} as const
