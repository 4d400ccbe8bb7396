import type { ReactNode } from 'react'
import { usePermission } from './usePermission'

export interface PermissionProps {
  /** One name, or several of which any suffices. */
  value: string | readonly string[]
  children: ReactNode
  /** Shown instead when the check fails (nothing by default). */
  fallback?: ReactNode
}

/** Renders its children only when the user holds at least one of the permissions. */
export function Permission({ value, children, fallback = null }: PermissionProps) {
  const { has } = usePermission()
  return <>{has(value) ? children : fallback}</>
}
