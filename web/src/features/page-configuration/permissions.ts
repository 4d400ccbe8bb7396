import { Permissions } from '../../components'

/** Permission names of the page configuration screen (docs/decisions/0010), from the server's registry. */
export const PageConfigurationPermissions = {
  /** Reading every configuration of the side. */
  Read: Permissions['BasicSetup.PageConfiguration'],
  Create: Permissions['BasicSetup.PageConfiguration.Create'],
  Update: Permissions['BasicSetup.PageConfiguration.Update'],
  Delete: Permissions['BasicSetup.PageConfiguration.Delete'],
} as const
