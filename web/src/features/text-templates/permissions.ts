import { Permissions } from '../../components'

/** Permission names of the text templates (spec 002 §7.10), from the server's registry. */
export const TextTemplatePermissions = {
  /** Reading the templates and previewing them. */
  TextTemplates: Permissions['TextTemplateManagement.TextTemplates'],
  /** Saving and restoring contents. */
  EditContents: Permissions['TextTemplateManagement.TextTemplates.EditContents'],
} as const
