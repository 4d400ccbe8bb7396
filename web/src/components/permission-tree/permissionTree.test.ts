import { describe, expect, it } from 'vitest'
import {
  changedFrom,
  checkedCount,
  grantedNamesOf,
  initialChecked,
  selectionState,
  setAll,
  toPermNodes,
  togglePermission,
  type PermissionAnswerNode,
  type PermissionTreeAnswer,
} from './permissionTree'

const perm = (name: string, children: PermissionAnswerNode[] = [], extra: Partial<PermissionAnswerNode> = {}): PermissionAnswerNode => ({
  name,
  displayName: name,
  isGroup: false,
  isGranted: false,
  grantedByOther: false,
  grantedProviders: [],
  children,
  ...extra,
})
const group = (name: string, children: PermissionAnswerNode[]): PermissionAnswerNode => ({ ...perm(name, children), isGroup: true })

/** A user's tree: Users and Roles under AbpIdentity; sales grants Orders through a role. */
function answer(grantedNames: string[]): PermissionTreeAnswer {
  return {
    providerName: 'U',
    providerKey: 'u1',
    entityDisplayName: 'alice',
    grantedNames,
    items: [
      group('AbpIdentity', [
        perm('AbpIdentity.Users', [perm('AbpIdentity.Users.Create'), perm('AbpIdentity.Users.Delete')]),
        perm('AbpIdentity.Roles', [perm('AbpIdentity.Roles.Create')]),
      ]),
      group('SalesOrder', [
        perm('SalesOrder.Orders', [perm('SalesOrder.Orders.Create')], {
          isGranted: true,
          grantedByOther: true,
          grantedProviders: [{ providerName: 'R', providerKey: 'sales' }],
        }),
      ]),
    ],
  }
}

describe('permission tree: checked keys ⇄ grantedNames', () => {
  it('opens with the provider’s own grants and the role’s grants checked, the role’s locked', () => {
    const a = answer(['AbpIdentity.Users', 'AbpIdentity.Users.Create'])
    const nodes = toPermNodes(a)
    const checked = initialChecked(nodes, a.grantedNames)
    expect([...checked].sort()).toEqual(['AbpIdentity.Users', 'AbpIdentity.Users.Create', 'SalesOrder.Orders'])
    expect(nodes[1].children[0].locked).toBe(true)
    expect(nodes[1].children[0].grantedBy).toEqual([{ providerName: 'R', providerKey: 'sales' }])
    // groups never share a key with a permission
    expect(nodes.map((n) => n.key)).toEqual(['group:AbpIdentity', 'group:SalesOrder'])
  })

  it('saves the checked permissions the provider grants itself, never the role’s nor the groups', () => {
    const a = answer(['AbpIdentity.Users'])
    const nodes = toPermNodes(a)
    const checked = initialChecked(nodes, a.grantedNames)
    expect(grantedNamesOf(nodes, checked)).toEqual(['AbpIdentity.Users'])
  })

  it('a permission granted both directly and by a role stays editable', () => {
    const a = answer(['SalesOrder.Orders'])
    const nodes = toPermNodes(a)
    expect(nodes[1].children[0].locked).toBe(false)
    const off = togglePermission(nodes, initialChecked(nodes, a.grantedNames), 'SalesOrder.Orders', false)
    expect(grantedNamesOf(nodes, off)).toEqual([])
  })

  it('checking a child checks its parent; unchecking a parent unchecks its children', () => {
    const a = answer([])
    const nodes = toPermNodes(a)
    let checked = initialChecked(nodes, a.grantedNames)
    checked = togglePermission(nodes, checked, 'AbpIdentity.Users.Delete', true)
    expect(grantedNamesOf(nodes, checked)).toEqual(['AbpIdentity.Users', 'AbpIdentity.Users.Delete'])
    checked = togglePermission(nodes, checked, 'AbpIdentity.Users.Create', true)
    checked = togglePermission(nodes, checked, 'AbpIdentity.Users', false)
    expect(grantedNamesOf(nodes, checked)).toEqual([])
  })

  it('a locked permission cannot be unchecked, neither alone nor through its parent or a select-all', () => {
    const a = answer([])
    const nodes = toPermNodes(a)
    const checked = initialChecked(nodes, a.grantedNames)
    expect(togglePermission(nodes, checked, 'SalesOrder.Orders', false).has('SalesOrder.Orders')).toBe(true)
    expect(setAll(nodes, checked, false).has('SalesOrder.Orders')).toBe(true)
  })

  it('a group’s select-all checks and unchecks exactly that group', () => {
    const a = answer([])
    const nodes = toPermNodes(a)
    const identity = nodes[0]
    let checked = initialChecked(nodes, a.grantedNames)
    expect(selectionState([identity], checked)).toBe('none')
    checked = setAll([identity], checked, true)
    expect(selectionState([identity], checked)).toBe('all')
    expect(checkedCount([identity], checked)).toEqual({ checked: 5, total: 5 })
    expect(grantedNamesOf(nodes, checked)).toEqual([
      'AbpIdentity.Users',
      'AbpIdentity.Users.Create',
      'AbpIdentity.Users.Delete',
      'AbpIdentity.Roles',
      'AbpIdentity.Roles.Create',
    ])
    // the other group is untouched: its role grant only
    expect(selectionState([nodes[1]], checked)).toBe('some')
    checked = togglePermission(nodes, checked, 'AbpIdentity.Roles.Create', false)
    expect(selectionState([identity], checked)).toBe('some')
    checked = setAll([identity], checked, false)
    expect(selectionState([identity], checked)).toBe('none')
  })

  it('knows when nothing changed', () => {
    const a = answer(['AbpIdentity.Roles'])
    const nodes = toPermNodes(a)
    const checked = initialChecked(nodes, a.grantedNames)
    expect(changedFrom(nodes, checked, a.grantedNames)).toBe(false)
    expect(changedFrom(nodes, togglePermission(nodes, checked, 'AbpIdentity.Roles.Create', true), a.grantedNames)).toBe(true)
  })
})
