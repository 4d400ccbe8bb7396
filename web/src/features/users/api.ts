import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, SHORT_LIST_MAX, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult } from '../../api/types'

// PROVISIONAL until the generated types hold the identity and orgunits areas: each becomes the
// Schemas[...] named beside it (the shapes below copy those schemas).
/** A user as the administrators see one (Schemas['IdentityUserDto']). */
export interface UserDto {
  id: string
  tenantId: string | null
  userName: string
  name: string
  surname: string
  email: string
  emailConfirmed: boolean
  phoneNumber: string
  phoneNumberConfirmed: boolean
  isActive: boolean
  lockoutEnabled: boolean
  /** Locked until then (UTC); null or past: not locked. */
  lockoutEnd: string | null
  twoFactorEnabled: boolean
  accessFailedCount: number
  /** Male 0, Female 1, Other 2. */
  gender: Gender
  /** The side's built-in admin: cannot be deleted. */
  isStatic: boolean
  concurrencyStamp: string
  creationTime: string
  lastModificationTime: string | null
  roleNames: string[] | null
}
export type Gender = 0 | 1 | 2
/** Body of POST /api/identity/users (Schemas['IdentityCreateUserInput']). */
export interface CreateUserBody {
  userName: string
  name?: string
  surname?: string
  email?: string
  phoneNumber?: string
  password: string
  lockoutEnabled?: boolean
  isActive?: boolean
  gender?: Gender
  /** Absent or empty: the tenant's default roles. */
  roleNames?: string[] | null
}
/** Body of PUT /api/identity/users/{id} (Schemas['IdentityUpdateUserInput']). */
export interface UpdateUserBody {
  userName: string
  name?: string
  surname?: string
  email?: string
  phoneNumber?: string
  lockoutEnabled?: boolean
  isActive?: boolean
  gender?: Gender
  /** [] removes every role. */
  roleNames?: string[] | null
  concurrencyStamp?: string
}
/** A role a user may be given (Schemas['IdentityRoleDto']). */
export interface RoleDto {
  id: string
  name: string
  isDefault: boolean
  isPublic: boolean
  isStatic: boolean
}
/** An organisation unit (Schemas['OrgunitsOrganizationUnit']). */
export interface OrgUnit {
  id: string
  parentId: string | null
  code: string
  displayName: string
}

const BASE = '/api/identity/users'
const userPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/**
 * Query keys, all under ['identity', 'users'] (the user picker's lookups too), so any change
 * to users refreshes every list that shows them.
 */
export const userKeys = {
  all: ['identity', 'users'] as const,
  list: (q: ListRequest) => ['identity', 'users', 'list', q] as const,
  detail: (id: string) => ['identity', 'users', 'detail', id] as const,
  units: (id: string) => ['identity', 'users', 'organization-units', id] as const,
  assignableRoles: ['identity', 'users', 'assignable-roles'] as const,
  allUnits: ['identity', 'organization-units', 'list', 'for-users'] as const,
}

/** One page of the tenant's users (filter over user name, name, surname, e-mail and phone). */
export const usersQuery = (q: ListRequest) =>
  queryOptions({
    queryKey: userKeys.list(q),
    queryFn: async ({ signal }): Promise<Page<UserDto>> => toPage(await http.get<ListResult<UserDto>>(BASE, { params: listParams(q), signal })),
  })

/** One user as it is now (the edit dialog reads it afresh for its stamp and roles). */
export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => http.get<UserDto>(userPath(id), { signal }), staleTime: 0 })

/** The roles the caller may give users. */
export const assignableRolesQuery = () =>
  queryOptions({
    queryKey: userKeys.assignableRoles,
    queryFn: async ({ signal }) => (await http.get<ListResult<RoleDto>>(`${BASE}/assignable-roles`, { signal }))?.items ?? [],
  })

/** Every organisation unit of the tenant, flat (a short list: the tree needs all of them). */
export const allUnitsQuery = () =>
  queryOptions({
    queryKey: userKeys.allUnits,
    queryFn: async ({ signal }) =>
      toPage(await http.get<ListResult<OrgUnit>>('/api/identity/organization-units', { params: { MaxResultCount: SHORT_LIST_MAX }, signal })).items,
  })

/** The units a user belongs to. */
export const userUnitsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.units(id),
    queryFn: async ({ signal }) =>
      toPage(await http.get<ListResult<OrgUnit>>(`${userPath(id)}/organization-units`, { params: { MaxResultCount: SHORT_LIST_MAX }, signal })).items,
    staleTime: 0,
  })

export const createUser = (body: CreateUserBody) => http.post<UserDto>(BASE, body, { silent: true })
export const updateUser = (id: string, body: UpdateUserBody) => http.put<UserDto>(userPath(id), body, { silent: true })
export const deleteUser = (id: string) => http.delete<void>(userPath(id), { silent: true })
/** Locks until `end` (RFC 3339); a time not in the future unlocks. */
export const lockUser = (id: string, end: string) => http.put<void>(`${userPath(id)}/lock/${encodeURIComponent(end)}`, undefined, { silent: true })
export const setTwoFactor = (id: string, on: boolean) => http.put<void>(`${userPath(id)}/two-factor/${on}`, undefined, { silent: true })
export const setPassword = (id: string, newPassword: string) => http.put<void>(`${userPath(id)}/change-password`, { newPassword }, { silent: true })
export const setUserUnits = (id: string, organizationUnitIds: string[]) =>
  http.put<void>(`${BASE}/organization-units/${encodeURIComponent(id)}`, { organizationUnitIds }, { silent: true })
export const forceOffline = (id: string) => http.post<void>(`/api/app/user-login/${encodeURIComponent(id)}/force-user-offline`, undefined, { silent: true })

/** The user mutations; each refreshes every user list (and the detail) afterwards. */
export function useUserMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: userKeys.all })
  const options = { onSuccess: refresh }
  return {
    create: useMutation({ mutationFn: createUser, ...options }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => updateUser(id, body), ...options }),
    remove: useMutation({ mutationFn: deleteUser, ...options }),
    lock: useMutation({ mutationFn: ({ id, end }: { id: string; end: string }) => lockUser(id, end), ...options }),
    twoFactor: useMutation({ mutationFn: ({ id, on }: { id: string; on: boolean }) => setTwoFactor(id, on), ...options }),
    password: useMutation({ mutationFn: ({ id, newPassword }: { id: string; newPassword: string }) => setPassword(id, newPassword), ...options }),
    units: useMutation({
      mutationFn: ({ id, ids }: { id: string; ids: string[] }) => setUserUnits(id, ids),
      // the units page lists members too
      onSuccess: () => Promise.all([refresh(), qc.invalidateQueries({ queryKey: ['identity', 'organization-units'] })]),
    }),
    offline: useMutation({ mutationFn: forceOffline, ...options }),
  }
}
