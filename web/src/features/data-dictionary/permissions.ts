import { Permissions as P } from '../../components'

/** Permission names of the data dictionaries (docs/decisions/0010), from the server's registry. */
export const DataDictionaryPermissions = {
  /** Reading the dictionaries and their details. */
  Read: P['BasicSetup.DataDictionary'],
  /** Creating dictionaries and adding details. */
  Create: P['BasicSetup.DataDictionary.Create'],
  /** Editing dictionaries and details. */
  Update: P['BasicSetup.DataDictionary.Update'],
  /** Deleting dictionaries (not built-in ones) and details. */
  Delete: P['BasicSetup.DataDictionary.Delete'],
} as const
