import { Permissions } from '../../components'

/** Permission names of the language administration (the host's only), from the server's registry. */
export const LanguagePermissions = {
  Languages: Permissions['LanguageManagement.Languages'],
  Create: Permissions['LanguageManagement.Languages.Create'],
  Edit: Permissions['LanguageManagement.Languages.Edit'],
  Delete: Permissions['LanguageManagement.Languages.Delete'],
  ChangeDefault: Permissions['LanguageManagement.Languages.ChangeDefault'],
} as const
