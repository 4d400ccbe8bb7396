import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, SHORT_LIST_MAX, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'
import { EMPTY_ID, parentOf } from './tree'

/** A unit as GET /api/identity/organization-units lists it (flat, with parentId and code). */
export type OrganizationUnit = Schemas['OrgunitsOrganizationUnit']
/** Body of POST /api/identity/organization-units (no parentId: a root). */
export type CreateUnitBody = Schemas['OrgunitsCreateOrganizationUnitInput']
/** Body of PUT /api/identity/organization-units/{id}: a parentId moves the unit (see updateBody). */
export type UpdateUnitBody = Schemas['OrgunitsUpdateOrganizationUnitInput']
/** A member of a unit (GET …/{id}/members): a user lookup. */
export type UnitMember = Schemas['IdentityUserLookup']
/** A role of a unit (GET …/{id}/roles). */
export type UnitRole = Schemas['OrgunitsUnitRoleDto']
/** A role of the tenant (GET /api/identity/roles/all). */
export type TenantRole = Schemas['IdentityRoleDto']

const BASE = '/api/identity/organization-units'
const unitPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/** Query keys: the unit list, one unit's members and roles, and the tenant's roles. */
export const unitKeys = {
  all: ['identity', 'organization-units'] as const,
  list: ['identity', 'organization-units', 'list'] as const,
  members: (id: string) => ['identity', 'organization-units', id, 'members'] as const,
  memberPage: (id: string, q: ListRequest) => ['identity', 'organization-units', id, 'members', q] as const,
  roles: (id: string) => ['identity', 'organization-units', id, 'roles'] as const,
  rolePage: (id: string, q: ListRequest) => ['identity', 'organization-units', id, 'roles', q] as const,
  allRoles: ['identity', 'roles', 'all'] as const,
}

/**
 * Every unit of the tenant, flat (the tree needs them all: a short list set by configuration,
 * docs/decisions/0008 "Web"), sorted by code on the server.
 */
export async function fetchUnits(signal?: AbortSignal): Promise<OrganizationUnit[]> {
  const r = await http.get<ListResult<OrganizationUnit>>(BASE, { params: { MaxResultCount: SHORT_LIST_MAX }, signal })
  return toPage(r).items
}

export const unitListQuery = () => queryOptions({ queryKey: unitKeys.list, queryFn: ({ signal }) => fetchUnits(signal) })

/** One page of a unit's members, searched and sorted on the server. */
export async function fetchMembers(id: string, q: ListRequest, signal?: AbortSignal): Promise<Page<UnitMember>> {
  return toPage(await http.get<ListResult<UnitMember>>(`${unitPath(id)}/members`, { params: listParams(q), signal }))
}

export const memberPageQuery = (id: string, q: ListRequest) =>
  queryOptions({ queryKey: unitKeys.memberPage(id, q), queryFn: ({ signal }) => fetchMembers(id, q, signal) })

/** One page of a unit's roles. */
export async function fetchUnitRoles(id: string, q: ListRequest, signal?: AbortSignal): Promise<Page<UnitRole>> {
  return toPage(await http.get<ListResult<UnitRole>>(`${unitPath(id)}/roles`, { params: listParams(q), signal }))
}

export const rolePageQuery = (id: string, q: ListRequest) =>
  queryOptions({ queryKey: unitKeys.rolePage(id, q), queryFn: ({ signal }) => fetchUnitRoles(id, q, signal) })

/** Every role of the tenant (a short code list), to add to a unit. */
export async function fetchAllRoles(signal?: AbortSignal): Promise<TenantRole[]> {
  return toPage(await http.get<ListResult<TenantRole>>('/api/identity/roles/all', { signal })).items
}

export const allRolesQuery = () => queryOptions({ queryKey: unitKeys.allRoles, queryFn: ({ signal }) => fetchAllRoles(signal) })

export const createUnit = (body: CreateUnitBody) => http.post<OrganizationUnit>(BASE, body, { silent: true })
export const updateUnit = (id: string, body: UpdateUnitBody) => http.put<OrganizationUnit>(unitPath(id), body, { silent: true })
export const deleteUnit = (id: string) => http.delete<void>(unitPath(id), { silent: true })
export const addMembers = (id: string, userIds: string[]) => http.put<void>(`${unitPath(id)}/members`, { userIds }, { silent: true })
export const removeMember = (id: string, userId: string) =>
  http.delete<void>(`${unitPath(id)}/members/${encodeURIComponent(userId)}`, { silent: true })
export const addRoles = (id: string, roleIds: string[]) => http.put<void>(`${unitPath(id)}/roles`, { roleIds }, { silent: true })
export const removeRole = (id: string, roleId: string) =>
  http.delete<void>(`${unitPath(id)}/roles/${encodeURIComponent(roleId)}`, { silent: true })

/**
 * The PUT body of an edited unit. The server reads parentId as: absent, the unit stays where it
 * is; the all-zero UUID, it moves to the root; a unit's id, it moves under that unit. So a unit
 * whose parent is unchanged sends none, and one moved to the root sends EMPTY_ID.
 */
export function updateBody(u: OrganizationUnit, displayName: string, parentId: string | null): UpdateUnitBody {
  const body: UpdateUnitBody = { displayName: displayName.trim(), concurrencyStamp: u.concurrencyStamp }
  if (parentId !== parentOf(u)) body.parentId = parentId ?? EMPTY_ID
  return body
}

/** The PUT body that moves a unit under `parentId` (null: to the root), its name kept. */
export function moveBody(u: OrganizationUnit, parentId: string | null): UpdateUnitBody {
  return { displayName: u.displayName, parentId: parentId ?? EMPTY_ID, concurrencyStamp: u.concurrencyStamp }
}

/** Changes to the tree; each refreshes the unit list (and, for deletes, the members and roles under it). */
export function useUnitMutations() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: unitKeys.all })
  const create = useMutation({ mutationFn: createUnit, onSuccess: refresh })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUnitBody }) => updateUnit(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: unitKeys.list }),
  })
  const remove = useMutation({ mutationFn: deleteUnit, onSuccess: refresh })
  return { create, update, remove }
}

/** Member changes of one unit; each refreshes its member pages. */
export function useMemberMutations(unitId: string) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: unitKeys.members(unitId) })
  const add = useMutation({ mutationFn: (userIds: string[]) => addMembers(unitId, userIds), onSuccess: refresh })
  const remove = useMutation({ mutationFn: (userId: string) => removeMember(unitId, userId), onSuccess: refresh })
  return { add, remove }
}

/** Role changes of one unit; each refreshes its role pages. */
export function useUnitRoleMutations(unitId: string) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: unitKeys.roles(unitId) })
  const add = useMutation({ mutationFn: (roleIds: string[]) => addRoles(unitId, roleIds), onSuccess: refresh })
  const remove = useMutation({ mutationFn: (roleId: string) => removeRole(unitId, roleId), onSuccess: refresh })
  return { add, remove }
}
