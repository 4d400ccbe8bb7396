import { Permissions as P } from '../../components'

/**
 * Permission names the order screen checks, taken from the names the server defines
 * (src/api/gen/permissions.ts, generated), so a name the server drops or renames stops the build.
 * The status moves and the table actions are the server's to grant (allowedActions,
 * grantedActions); the page checks only these.
 */
export const OrderScreenPermissions = {
  /** Read an order's lines and its detail tables (without it the screen shows the order only). */
  Details: P['SalesOrder.Details'],
  /** Upload and delete order files and review files. */
  Files: P['SalesOrder.Orders.Files'],
  /** Edit, add and delete lines in place (the batch update). */
  DetailsEdit: P['SalesOrder.Details.Edit'],
} as const
