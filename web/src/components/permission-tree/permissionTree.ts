import type { Schemas } from '../../api/types'

/** GET /api/menu/permission-feature/permission-list: groups, their permissions, and the provider's own grants. */
export type PermissionTreeAnswer = Schemas['PermissionsPermissionTree']
/** A group or a permission of the answer. */
export type PermissionAnswerNode = Schemas['PermissionsPermissionNode']
/** Who grants a permission: R + role name, U + user id. */
export type ProviderInfo = Schemas['PermissionsProviderInfo']

/** Who the dialog edits: a role (R, key: role name) or a user (U, key: user id). */
export type ProviderName = 'R' | 'U'

/** Tree keys of groups carry this prefix, so a group never shares a key with a permission. */
export const GROUP_KEY_PREFIX = 'group:'

/** A node of the checkable tree. */
export interface PermNode {
  /** The tree key: the permission name, or `group:<name>` for a group. */
  key: string
  name: string
  title: string
  isGroup: boolean
  /**
   * Granted through another provider only (a user's role): shown checked and disabled, since
   * unchecking it here would not revoke it.
   */
  locked: boolean
  /** The other providers that grant it (for the hint). */
  grantedBy: ProviderInfo[]
  children: PermNode[]
}

/** The answer as tree nodes; `grantedNames` are the permissions this provider itself grants. */
export function toPermNodes(answer: Pick<PermissionTreeAnswer, 'items' | 'grantedNames' | 'providerName' | 'providerKey'>): PermNode[] {
  const direct = new Set(answer.grantedNames ?? [])
  const convert = (n: PermissionAnswerNode): PermNode => {
    const others = (n.grantedProviders ?? []).filter((p) => p.providerName !== answer.providerName || p.providerKey !== answer.providerKey)
    return {
      key: n.isGroup ? GROUP_KEY_PREFIX + n.name : n.name,
      name: n.name,
      title: n.displayName || n.name,
      isGroup: n.isGroup,
      locked: !n.isGroup && n.grantedByOther && !direct.has(n.name),
      grantedBy: n.isGroup ? [] : others,
      children: (n.children ?? []).map(convert),
    }
  }
  return (answer.items ?? []).map(convert)
}

/** Every permission (not group) node under `nodes`, depth first. */
export function permissionsOf(nodes: readonly PermNode[]): PermNode[] {
  const out: PermNode[] = []
  const walk = (list: readonly PermNode[]) => {
    for (const n of list) {
      if (!n.isGroup) out.push(n)
      walk(n.children)
    }
  }
  walk(nodes)
  return out
}

/**
 * The checked keys when the dialog opens: what the provider grants itself, and what another
 * provider grants (locked).
 */
export function initialChecked(nodes: readonly PermNode[], grantedNames: readonly string[] | null | undefined): Set<string> {
  const direct = new Set(grantedNames ?? [])
  return new Set(permissionsOf(nodes).filter((n) => n.locked || direct.has(n.name)).map((n) => n.key))
}

/** The path of permission nodes from a group's child down to `key` (the node last), or [] when absent. */
function pathTo(nodes: readonly PermNode[], key: string): PermNode[] {
  for (const n of nodes) {
    if (n.key === key) return [n]
    const below = pathTo(n.children, key)
    if (below.length) return [n, ...below]
  }
  return []
}

/**
 * Checks or unchecks one permission. Checking also checks its parent permissions (a child
 * permission means nothing without its parent: the page it acts on); unchecking also unchecks
 * its child permissions. Locked nodes keep their state.
 */
export function togglePermission(nodes: readonly PermNode[], checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked)
  const path = pathTo(nodes, key)
  const node = path.at(-1)
  if (!node || node.isGroup || node.locked) return next
  if (on) {
    for (const n of path) if (!n.isGroup) next.add(n.key)
  } else {
    for (const n of permissionsOf([node])) if (!n.locked) next.delete(n.key)
  }
  return next
}

/** Checks or unchecks every permission of some nodes (a group's select-all, or all groups); locked ones keep their state. */
export function setAll(nodes: readonly PermNode[], checked: ReadonlySet<string>, on: boolean): Set<string> {
  const next = new Set(checked)
  for (const n of permissionsOf(nodes)) {
    if (n.locked) continue
    if (on) next.add(n.key)
    else next.delete(n.key)
  }
  return next
}

/** How many permissions of `nodes` are checked, of how many. */
export function checkedCount(nodes: readonly PermNode[], checked: ReadonlySet<string>): { checked: number; total: number } {
  const all = permissionsOf(nodes)
  return { checked: all.filter((n) => checked.has(n.key)).length, total: all.length }
}

/** 'all', 'some' or 'none' of the permissions under `nodes` checked (the select-all box's state). */
export function selectionState(nodes: readonly PermNode[], checked: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const { checked: c, total } = checkedCount(nodes, checked)
  if (total > 0 && c === total) return 'all'
  return c === 0 ? 'none' : 'some'
}

/**
 * The body of PUT update-permission-list: every checked permission the provider grants itself
 * (locked entries are another provider's grants and are left out), in tree order.
 */
export function grantedNamesOf(nodes: readonly PermNode[], checked: ReadonlySet<string>): string[] {
  return permissionsOf(nodes)
    .filter((n) => checked.has(n.key) && !n.locked)
    .map((n) => n.name)
}

/** Whether the checked set differs from the provider's grants when the dialog opened. */
export function changedFrom(nodes: readonly PermNode[], checked: ReadonlySet<string>, grantedNames: readonly string[] | null | undefined): boolean {
  const now = grantedNamesOf(nodes, checked)
  const before = new Set((grantedNames ?? []).filter((n) => permissionsOf(nodes).some((p) => p.name === n && !p.locked)))
  return now.length !== before.size || now.some((n) => !before.has(n))
}
