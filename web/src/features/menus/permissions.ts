/** Permission names of the menu administration (spec 002 §6; host only). */
export const MenusPermissions = {
  Menus: 'Platform.Menus',
} as const
