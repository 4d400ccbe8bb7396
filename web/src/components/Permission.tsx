import type { ReactNode } from 'react'
import { usePermission } from './usePermission'
import type { PermissionName } from '../api/gen/permissions'

export interface PermissionProps {
  /** One name, or several of which any suffices (names the server defines: src/api/gen/permissions.ts). */
  value: PermissionName | readonly PermissionName[]
  children: ReactNode
  /** Shown instead when the check fails (nothing by default). */
  fallback?: ReactNode
}

/** Renders its children only when the user holds at least one of the permissions. */
export function Permission({ value, children, fallback = null }: PermissionProps) {
  const { has } = usePermission()
  return <>{has(value) ? children : fallback}</>
}
