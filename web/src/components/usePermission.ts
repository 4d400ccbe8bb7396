import { useCallback, useMemo } from 'react'
import { useAppConfig } from './useAppConfig'
import { checkPermission } from './permission'
import { grantedPermissions } from '../api/session'

/** The user's granted permission names, and a check (any-of) over them. */
export function usePermission() {
  const { data } = useAppConfig()
  const granted = useMemo(() => new Set(grantedPermissions(data)), [data])
  const has = useCallback((required: string | readonly string[]) => checkPermission(granted, required), [granted])
  return { granted, has }
}
