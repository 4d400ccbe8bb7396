/**
 * Permission names the order screen checks (docs/decisions/0011; briefs of the server areas).
 * Written out until the server's names land in src/api/gen/permissions.ts; then they are taken
 * from there (`Permissions['SalesOrder.Orders.Files']`), so a renamed name stops the build.
 */
export const OrderScreenPermissions = {
  /** Upload and delete order files and review files. */
  Files: 'SalesOrder.Orders.Files',
  /** Edit, add and delete lines in place (the batch update). */
  DetailsEdit: 'SalesOrder.Details.Edit',
} as const
