import type { FormInstance } from 'antd'
import type { Rule } from 'antd/es/form'
import type { TFunction } from 'i18next'
import type { CreateUserBody, Gender, OrgUnit, RoleDto, UpdateUserBody, UserDto } from './api'

/** What the user dialog edits (the info, roles and units tabs share one form). */
export interface UserFormValues {
  userName: string
  name: string
  surname: string
  email: string
  phoneNumber: string
  gender: Gender
  /** Create only. */
  password?: string
  confirmPassword?: string
  isActive: boolean
  lockoutEnabled: boolean
  roleNames: string[]
  organizationUnitIds: string[]
}

/** The form fields the server may name in a validation error, by the member it names. */
export const SERVER_FIELDS: Readonly<Record<string, keyof UserFormValues>> = {
  userName: 'userName',
  name: 'name',
  surname: 'surname',
  email: 'email',
  phoneNumber: 'phoneNumber',
  gender: 'gender',
  password: 'password',
  roleNames: 'roleNames',
  organizationUnitIds: 'organizationUnitIds',
}

/**
 * The values of a new user's form: active, lockout enabled (so an administrator can lock the
 * user), and the tenant's default roles ticked (what the server would give without roles).
 */
export function newUserValues(roles: readonly RoleDto[]): UserFormValues {
  return {
    userName: '',
    name: '',
    surname: '',
    email: '',
    phoneNumber: '',
    gender: 0,
    password: '',
    confirmPassword: '',
    isActive: true,
    lockoutEnabled: true,
    roleNames: roles.filter((r) => r.isDefault).map((r) => r.name),
    organizationUnitIds: [],
  }
}

/** The values of an existing user's form. */
export function userValues(u: UserDto, unitIds: readonly string[]): UserFormValues {
  return {
    userName: u.userName,
    name: u.name ?? '',
    surname: u.surname ?? '',
    email: u.email ?? '',
    phoneNumber: u.phoneNumber ?? '',
    gender: u.gender ?? 0,
    isActive: u.isActive,
    lockoutEnabled: u.lockoutEnabled,
    roleNames: [...(u.roleNames ?? [])],
    organizationUnitIds: [...unitIds],
  }
}

const text = (v: string | undefined) => (v ?? '').trim()

/** POST body: the fields trimmed, the roles ticked (none ticked sends [] : the server then gives the default roles). */
export function toCreateBody(v: UserFormValues): CreateUserBody {
  return {
    userName: text(v.userName),
    name: text(v.name),
    surname: text(v.surname),
    email: text(v.email),
    phoneNumber: text(v.phoneNumber),
    password: v.password ?? '',
    gender: v.gender,
    isActive: v.isActive,
    lockoutEnabled: v.lockoutEnabled,
    roleNames: [...v.roleNames],
  }
}

/** PUT body: every editable field (a cleared text sends ''), the roles ([] removes all) and the stamp read. */
export function toUpdateBody(v: UserFormValues, concurrencyStamp: string | undefined): UpdateUserBody {
  return {
    userName: text(v.userName),
    name: text(v.name),
    surname: text(v.surname),
    email: text(v.email),
    phoneNumber: text(v.phoneNumber),
    gender: v.gender,
    isActive: v.isActive,
    lockoutEnabled: v.lockoutEnabled,
    roleNames: [...v.roleNames],
    ...(concurrencyStamp ? { concurrencyStamp } : {}),
  }
}

/** Whether two sets of ids hold the same ids. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const s = new Set(a)
  return s.size === new Set(b).size && b.every((x) => s.has(x))
}

/** Whether the user is locked out now: a lockout end in the future. */
export function isLocked(u: Pick<UserDto, 'lockoutEnd'>, now: Date = new Date()): boolean {
  if (!u.lockoutEnd) return false
  const end = new Date(u.lockoutEnd)
  return !Number.isNaN(end.getTime()) && end.getTime() > now.getTime()
}

/**
 * The value PUT …/lock/{value} unlocks with: a time surely in the past on the server (the
 * client's clock may run ahead of it, so "now" is not used).
 */
export const UNLOCK_VALUE = '2000-01-01T00:00:00Z'

/** The lock value of an end time: RFC 3339 in UTC, whole seconds. */
export function lockValue(end: Date): string {
  return end.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Each member's messages from an ABP validation error (all of them: one password may break several rules). */
export function messagesByField(data: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  const list = (data as { error?: { validationErrors?: { message?: string; members?: string[] }[] | null } } | null)?.error?.validationErrors ?? []
  for (const v of list) for (const m of v.members ?? []) if (v.message) (out[m] ??= []).push(v.message)
  return out
}

/** The confirmation field's rule: it must equal the field `of`. */
export function matchesRule(of: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_r, value) => (!value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(message))),
  })
}

/** A node of the unit tree (antd Tree data). */
export interface UnitNode {
  key: string
  title: string
  children: UnitNode[]
}

/**
 * The flat unit list as a tree: children under their parent, siblings in code order; a unit
 * whose parent is not in the list becomes a root.
 */
export function unitTree(units: readonly OrgUnit[]): UnitNode[] {
  const sorted = [...units].sort((a, b) => a.code.localeCompare(b.code))
  const nodes = new Map<string, UnitNode>()
  for (const u of sorted) nodes.set(u.id, { key: u.id, title: u.displayName, children: [] })
  const roots: UnitNode[] = []
  for (const u of sorted) {
    const node = nodes.get(u.id)!
    const parent = u.parentId && u.parentId !== u.id ? nodes.get(u.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** A user's full name for titles: "name surname", else the user name. */
export function displayName(u: Pick<UserDto, 'userName' | 'name' | 'surname'>): string {
  const full = [u.name, u.surname].map((s) => (s ?? '').trim()).filter(Boolean).join(' ')
  return full ? `${full} (${u.userName})` : u.userName
}

/** The required rule of a text field. */
export function requiredRule(t: TFunction, field: string): Rule {
  return { required: true, whitespace: true, message: t('rule.required', { field: t(field) }) }
}

/** What a form check gave: the values, or the name of the first failed field. */
export type Checked<T> = { values: T; failed?: undefined } | { values?: undefined; failed: string | undefined }

/**
 * The form's values when they pass its rules, else the first failed field. A check overtaken by
 * a change still in flight (antd's outOfDate, no failed field) counts as passed: Enter right
 * after typing.
 */
export async function checkForm<T>(form: FormInstance<T>): Promise<Checked<T>> {
  try {
    return { values: await form.validateFields() }
  } catch (e) {
    const err = e as { errorFields?: { name: (string | number)[] }[]; outOfDate?: boolean; values?: T }
    if (err.outOfDate && !err.errorFields?.length && err.values) return { values: err.values }
    const first = err.errorFields?.[0]?.name?.[0]
    return { failed: first === undefined ? undefined : String(first) }
  }
}
