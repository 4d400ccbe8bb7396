import { Permissions } from '../../components'

/** Permission names of the editions (the host's only), from the server's registry. */
export const EditionPermissions = {
  Editions: Permissions['Saas.Editions'],
  Create: Permissions['Saas.Editions.Create'],
  Update: Permissions['Saas.Editions.Update'],
  Delete: Permissions['Saas.Editions.Delete'],
  ManageFeatures: Permissions['Saas.Editions.ManageFeatures'],
} as const
