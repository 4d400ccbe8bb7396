import type { FormInstance } from 'antd'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, listParams, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult } from '../../api/types'
import { sessionKeys } from '../../api/session'

// PROVISIONAL until the generated types hold the identity area: each becomes the Schemas[...]
// named beside it (the shapes below copy those schemas).
/** A role (Schemas['IdentityRoleDto']). */
export interface RoleDto {
  id: string
  tenantId: string | null
  name: string
  /** Given to new users created without roles. */
  isDefault: boolean
  isPublic: boolean
  /** Built in: cannot be renamed or deleted. */
  isStatic: boolean
  concurrencyStamp: string
  creationTime: string
  /** Users given the role directly. */
  userCount: number
}
/** Body of POST /api/identity/roles (Schemas['IdentityCreateRoleInput']). */
export interface CreateRoleBody {
  name: string
  isDefault?: boolean
  isPublic?: boolean
}
/** Body of PUT /api/identity/roles/{id} (Schemas['IdentityUpdateRoleInput']). */
export interface UpdateRoleBody {
  name: string
  isDefault?: boolean
  isPublic?: boolean
  concurrencyStamp?: string
}

const BASE = '/api/identity/roles'
const rolePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/**
 * Query keys under ['identity', 'roles'] (the unit pages' role lists too), and the users' lists:
 * a rename or delete changes the roles users show.
 */
export const roleKeys = {
  all: ['identity', 'roles'] as const,
  list: (q: ListRequest) => ['identity', 'roles', 'list', q] as const,
}

/** One page of the tenant's roles (filter on the name). */
export const rolesQuery = (q: ListRequest) =>
  queryOptions({
    queryKey: roleKeys.list(q),
    queryFn: async ({ signal }): Promise<Page<RoleDto>> => toPage(await http.get<ListResult<RoleDto>>(BASE, { params: listParams(q), signal })),
  })

export const createRole = (body: CreateRoleBody) => http.post<RoleDto>(BASE, body, { silent: true })
export const updateRole = (id: string, body: UpdateRoleBody) => http.put<RoleDto>(rolePath(id), body, { silent: true })
export const deleteRole = (id: string) => http.delete<void>(rolePath(id), { silent: true })

/** What the role dialog edits. */
export interface RoleFormValues {
  name: string
  isDefault: boolean
  isPublic: boolean
}

export function toRoleValues(r?: Partial<RoleDto> | null): RoleFormValues {
  return { name: r?.name ?? '', isDefault: r?.isDefault ?? false, isPublic: r?.isPublic ?? true }
}

export function toCreateRoleBody(v: RoleFormValues): CreateRoleBody {
  return { name: v.name.trim(), isDefault: v.isDefault, isPublic: v.isPublic }
}

/** A static role keeps its name: its own is sent back whatever the form holds. */
export function toUpdateRoleBody(v: RoleFormValues, role: Pick<RoleDto, 'name' | 'isStatic' | 'concurrencyStamp'>): UpdateRoleBody {
  return {
    name: role.isStatic ? role.name : v.name.trim(),
    isDefault: v.isDefault,
    isPublic: v.isPublic,
    ...(role.concurrencyStamp ? { concurrencyStamp: role.concurrencyStamp } : {}),
  }
}

/** Role mutations; each refreshes the role lists, the user lists (they show role names) and the caller's configuration. */
export function useRoleMutations() {
  const qc = useQueryClient()
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: roleKeys.all }),
      qc.invalidateQueries({ queryKey: ['identity', 'users'] }),
      // the caller's own roles may be the ones renamed or deleted
      qc.invalidateQueries({ queryKey: sessionKeys.config }),
    ])
  return {
    create: useMutation({ mutationFn: createRole, onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateRoleBody }) => updateRole(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteRole, onSuccess: refresh }),
  }
}

/**
 * The form's values when they pass its rules, else null. A check overtaken by a change still
 * in flight (antd's outOfDate, no failed field) counts as passed: Enter right after typing.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields()
  } catch (e) {
    const err = e as { errorFields?: unknown[]; outOfDate?: boolean; values?: T }
    return err.outOfDate && !err.errorFields?.length && err.values ? err.values : null
  }
}
