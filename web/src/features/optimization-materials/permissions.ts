import { Permissions as P } from '../../components'

/** Permission names of the optimisation materials and boards (docs/decisions/0013), from the server's registry. */
export const MaterialsPermissions = {
  /** Reading materials and boards. */
  Read: P['Optimization.Materials'],
  /** Creating materials and adding boards. */
  Create: P['Optimization.Materials.Create'],
  /** Editing materials and their boards. */
  Edit: P['Optimization.Materials.Edit'],
  /** Deleting materials and boards. */
  Delete: P['Optimization.Materials.Delete'],
  /** The workbook's import and export, and the batch upsert. */
  Import: P['Optimization.Materials.Import'],
} as const
