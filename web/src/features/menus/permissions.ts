import { Permissions } from '../../components'

/** Permission names of the menu administration (spec 002 §6; host only), from the server's registry. */
export const MenusPermissions = {
  Menus: Permissions['Platform.Menus'],
} as const
