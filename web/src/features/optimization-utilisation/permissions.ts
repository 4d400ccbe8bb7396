import { Permissions as P } from '../../components'

/** Permission names of the utilisation pages (src/api/gen/permissions.ts). */
export const UtilisationPermissions = {
  Utilisation: P['Optimization.Utilisation'],
} as const
