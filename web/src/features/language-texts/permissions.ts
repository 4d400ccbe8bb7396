import { Permissions } from '../../components'

/** Permission names of the language texts (the host's only), from the server's registry. */
export const LanguageTextPermissions = {
  Texts: Permissions['LanguageManagement.LanguageTexts'],
  Edit: Permissions['LanguageManagement.LanguageTexts.Edit'],
} as const
