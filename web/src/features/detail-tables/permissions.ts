import { Permissions } from '../../components'

/**
 * Permission names of the detail-table configuration page, taken from the names the server
 * defines (src/api/gen/permissions.ts), so a renamed one stops the build.
 */
export const DetailTablePermissions = {
  /** Read and save the configuration. */
  Configure: Permissions['SalesOrder.DetailTables'],
} as const

/** The prefix of the permission names a column or an action may be given. */
export const PERMISSION_PREFIX = 'SalesOrder.'

/**
 * The permission names a column or an action may be given: every policy the application
 * configuration defines whose name starts with `SalesOrder.`, sorted.
 */
export function salesOrderPolicies(policies: Record<string, unknown> | undefined | null): string[] {
  return Object.keys(policies ?? {})
    .filter((n) => n.startsWith(PERMISSION_PREFIX))
    .sort()
}
