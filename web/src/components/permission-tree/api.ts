import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { sessionKeys } from '../../api/session'
import type { PermissionTreeAnswer, ProviderName } from './permissionTree'

const LIST = '/api/menu/permission-feature/permission-list'
const UPDATE = '/api/menu/permission-feature/update-permission-list'

/** Query keys of the permission trees (one per provider). */
export const permissionTreeKeys = {
  all: ['permission-management', 'tree'] as const,
  one: (providerName: ProviderName, providerKey: string) => ['permission-management', 'tree', providerName, providerKey] as const,
}

/** The permission tree of a role (R, key: role name) or a user (U, key: user id). */
export const permissionTreeQuery = (providerName: ProviderName, providerKey: string) =>
  queryOptions({
    queryKey: permissionTreeKeys.one(providerName, providerKey),
    queryFn: ({ signal }) => http.get<PermissionTreeAnswer>(LIST, { params: { providerName, providerKey }, signal }),
    // always read afresh when the dialog opens: another administrator may have changed it
    staleTime: 0,
    gcTime: 0,
  })

/** Makes grantedNames the complete list the provider grants. */
export function updatePermissionList(providerName: ProviderName, providerKey: string, grantedNames: string[]) {
  return http.put<void>(UPDATE, { grantedNames }, { params: { providerName, providerKey }, silent: true })
}

/**
 * Saving a tree refreshes it, and the caller's own configuration and menu: the change may be
 * to one of the caller's roles.
 */
export function useUpdatePermissions() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ providerName, providerKey, grantedNames }: { providerName: ProviderName; providerKey: string; grantedNames: string[] }) =>
      updatePermissionList(providerName, providerKey, grantedNames),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: permissionTreeKeys.all }),
        qc.invalidateQueries({ queryKey: sessionKeys.config }),
        qc.invalidateQueries({ queryKey: ['menu', 'web'] }),
      ]),
  })
}
