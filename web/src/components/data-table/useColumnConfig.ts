import { useMemo } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { usePermission } from '../usePermission'
import { Permissions } from '../../api/gen/permissions'
import type { Schemas } from '../../api/types'
import { defaultSettings, mergeSettings, parseConfig, toConfigJson, visibleColumns, type ColumnDef, type ColumnSetting } from './columns'

/** GET /api/pageconfiguration/config/{routeKey}: what applies to the caller (docs/decisions/0010, "Page configuration"). */
export type AppliedPageConfig = Schemas['PageconfigApplied']

/** Where a configuration came from: the caller's own, their role's, the side's default, or none. */
export type ConfigSource = AppliedPageConfig['source']

/** POST save-config / save-tenant-config answer. */
export type SavedPageConfig = Schemas['PageconfigSaved']

/** Query keys of page configuration (the page-configuration screen invalidates `all` after its edits). */
export const pageConfigKeys = {
  all: ['pageconfig'] as const,
  config: (routeKey: string) => ['pageconfig', 'config', routeKey] as const,
  tenant: (routeKey: string) => ['pageconfig', 'tenant', routeKey] as const,
  isSystemAdmin: ['pageconfig', 'issystemadmin'] as const,
}

/** The permission that lets a user save a route's default for everyone on their side. */
export const PAGE_CONFIGURATION_UPDATE = Permissions['BasicSetup.PageConfiguration.Update']

/** The configuration that applies to the caller; a failed load is shown as the declared defaults, so it stays quiet. */
export function pageConfigQuery(routeKey: string) {
  return queryOptions({
    queryKey: pageConfigKeys.config(routeKey),
    queryFn: ({ signal }) => http.get<AppliedPageConfig>(`/api/pageconfiguration/config/${encodeURIComponent(routeKey)}`, { silent: true, signal }),
    staleTime: 60_000,
    retry: false,
  })
}

/** Whether the caller is their side's administrator (spec 000 §6); asked once per session. */
export function isSystemAdminQuery() {
  return queryOptions({
    queryKey: pageConfigKeys.isSystemAdmin,
    queryFn: ({ signal }) => http.get<boolean>('/api/app/salesorder/issystemadmin', { silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  })
}

export interface ColumnConfig<T> {
  /** The columns the table shows, in order (at most 18). */
  visible: ColumnDef<T>[]
  /** False when the route has role configurations and none names one of the caller's roles: no rows. */
  allowed: boolean
  /** Every column the caller may show, ticked or not, in order (hidden fields left out). */
  settings: ColumnSetting[]
  /** The declared columns the caller may show (hidden fields left out). */
  columns: ColumnDef<T>[]
  /** Where the settings came from; 'default' when the declared defaults are used. */
  source: ConfigSource | 'default'
  isLoading: boolean
  isSystemAdmin: boolean
  /** Saves the caller's own columns. */
  save: (settings: ColumnSetting[]) => Promise<void>
  /** Drops the caller's own columns (back to what applies otherwise). */
  reset: () => Promise<void>
  /** Saves the columns as the route's default for everyone on the side. */
  saveTenant: (settings: ColumnSetting[]) => Promise<void>
  canSaveTenant: boolean
  isSaving: boolean
}

/**
 * The columns of a route as configured for the caller: their own, else their role's, else the
 * side's default, else the declared defaults. A failed load or a config that cannot be read
 * falls back to the declared defaults. A system administrator sees the full default column set
 * unless they saved their own, and is never restricted by a role configuration.
 */
export function useColumnConfig<T>(routeKey: string, columns: ColumnDef<T>[]): ColumnConfig<T> {
  const client = useQueryClient()
  const config = useQuery(pageConfigQuery(routeKey))
  const admin = useQuery(isSystemAdminQuery())
  const { has } = usePermission()
  const isSystemAdmin = admin.data === true
  const data = config.isError ? undefined : config.data

  const derived = useMemo(() => {
    const hiddenFields = isSystemAdmin ? [] : (data?.hiddenFields ?? [])
    const gone = new Set(hiddenFields)
    const own = columns.filter((c) => !gone.has(c.key))
    const applies = !!data && data.source !== 'none' && (!isSystemAdmin || data.source === 'user')
    const fromConfig = applies ? mergeSettings(columns, parseConfig(data.config), hiddenFields) : null
    const settings =
      fromConfig ?? mergeSettings(columns, null, hiddenFields) ?? defaultSettings(own).map((s) => ({ ...s, isShow: true }))
    return {
      settings,
      columns: own,
      visible: visibleColumns(own, settings),
      source: fromConfig && data ? data.source : ('default' as const),
    }
  }, [columns, data, isSystemAdmin])

  const invalidate = () => client.invalidateQueries({ queryKey: pageConfigKeys.config(routeKey) })

  const saveMine = useMutation({
    mutationFn: (settings: ColumnSetting[]) =>
      http.post<SavedPageConfig>('/api/pageconfiguration/save-config', {
        id: data?.source === 'user' && data.id ? data.id : undefined,
        routeKey,
        config: toConfigJson(settings),
      } satisfies Schemas['PageconfigSaveConfigInput']),
    onSuccess: (saved) => {
      client.setQueryData<AppliedPageConfig>(pageConfigKeys.config(routeKey), (prev) => ({
        routeKey,
        allowed: prev?.allowed ?? true,
        hiddenFields: prev?.hiddenFields ?? [],
        id: saved.id,
        config: saved.config,
        source: 'user',
      }))
      return invalidate()
    },
  })
  const resetMine = useMutation({
    mutationFn: () => http.delete(`/api/pageconfiguration/config/${encodeURIComponent(routeKey)}`),
    onSuccess: () => invalidate(),
  })
  const saveTenant = useMutation({
    mutationFn: (settings: ColumnSetting[]) =>
      http.post<SavedPageConfig>('/api/pageconfiguration/save-tenant-config', {
        routeKey,
        config: toConfigJson(settings),
      } satisfies Schemas['PageconfigSaveTenantConfigInput']),
    onSuccess: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: pageConfigKeys.tenant(routeKey) })]),
  })

  return {
    ...derived,
    allowed: isSystemAdmin || data?.allowed !== false,
    isLoading: config.isPending || admin.isPending,
    isSystemAdmin,
    save: async (s) => {
      await saveMine.mutateAsync(s)
    },
    reset: async () => {
      await resetMine.mutateAsync()
    },
    saveTenant: async (s) => {
      await saveTenant.mutateAsync(s)
    },
    canSaveTenant: has(PAGE_CONFIGURATION_UPDATE),
    isSaving: saveMine.isPending || resetMine.isPending || saveTenant.isPending,
  }
}
