import { useCallback, useMemo } from 'react'
import { useAppConfig } from './useAppConfig'
import { checkPermission } from './permission'
import { grantedPermissions } from '../api/session'
import type { PermissionName } from '../api/gen/permissions'

/**
 * The user's granted permission names, and a check (any-of) over them. `has` takes only names
 * the server defines (generated into src/api/gen/permissions.ts), so a misspelt name does not compile.
 */
export function usePermission() {
  const { data } = useAppConfig()
  const granted = useMemo(() => new Set(grantedPermissions(data)), [data])
  const has = useCallback((required: PermissionName | readonly PermissionName[]) => checkPermission(granted, required), [granted])
  return { granted, has }
}
