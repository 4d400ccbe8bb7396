/**
 * The organisation unit tree of the page, built from the server's flat list (GET
 * /api/identity/organization-units: every unit of the tenant with its parentId and code), and
 * the rule that turns a drop on the tree into the unit's new parent.
 */

/** The all-zero UUID: the "empty id" some answers give as the parent of a root. */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000'

/** What the tree needs of a unit. */
export interface UnitLike {
  id: string
  parentId?: string | null
  code: string
  displayName: string
}

/** A unit with its children, in code order. */
export interface UnitNode<U extends UnitLike = UnitLike> {
  key: string
  title: string
  unit: U
  children: UnitNode<U>[]
}

/** The parent id of a unit, or null for a root (null, '', the empty id and a self-reference all mean root). */
export function parentOf(u: Pick<UnitLike, 'id' | 'parentId'>): string | null {
  const p = u.parentId
  return p && p !== EMPTY_ID && p !== u.id ? p : null
}

/** Code order: "00001" < "00001.00001" < "00002" (a parent before its children, siblings by code). */
export function byCode(a: UnitLike, b: UnitLike): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
}

/**
 * The flat list as a tree, siblings in code order. A unit whose parent is not in the list (an
 * answer that left it out) becomes a root, so no unit is ever hidden.
 */
export function buildUnitTree<U extends UnitLike>(units: readonly U[]): UnitNode<U>[] {
  const sorted = [...units].sort(byCode)
  const nodes = new Map<string, UnitNode<U>>()
  for (const u of sorted) nodes.set(u.id, { key: u.id, title: u.displayName, unit: u, children: [] })
  const roots: UnitNode<U>[] = []
  for (const u of sorted) {
    const node = nodes.get(u.id)!
    const pid = parentOf(u)
    const parent = pid ? nodes.get(pid) : undefined
    // a parent that is its own descendant (bad data) would lose both: keep the child at the root
    if (parent && !isAncestor(nodes, u.id, pid!)) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** True when `ancestor` is `id` itself or above it, following parent links through `nodes`. */
function isAncestor<U extends UnitLike>(nodes: Map<string, UnitNode<U>>, ancestor: string, id: string): boolean {
  const seen = new Set<string>()
  let cur: string | null = id
  while (cur && !seen.has(cur)) {
    if (cur === ancestor) return true
    seen.add(cur)
    const n = nodes.get(cur)
    cur = n ? parentOf(n.unit) : null
  }
  return false
}

/** The id and every descendant id of `id` (a unit cannot move under these; deleting it deletes them). */
export function subtreeIds(units: readonly UnitLike[], id: string): Set<string> {
  const children = new Map<string, string[]>()
  for (const u of units) {
    const p = parentOf(u)
    if (p) children.set(p, [...(children.get(p) ?? []), u.id])
  }
  const out = new Set<string>()
  const stack = [id]
  while (stack.length) {
    const cur = stack.pop()!
    if (out.has(cur)) continue
    out.add(cur)
    stack.push(...(children.get(cur) ?? []))
  }
  return out
}

/** Ids of every unit that has children (to expand the whole tree). */
export function parentIds(nodes: readonly UnitNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...parentIds(n.children)] : []))
}

/** Display names from the root down to the unit (for titles such as "总部 / 生产部"). */
export function pathOf(units: readonly UnitLike[], id: string): string[] {
  const byId = new Map(units.map((u) => [u.id, u]))
  const out: string[] = []
  const seen = new Set<string>()
  let cur = byId.get(id)
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id)
    out.unshift(cur.displayName)
    const p = parentOf(cur)
    cur = p ? byId.get(p) : undefined
  }
  return out
}

/**
 * The tree filtered on a display-name substring (case-insensitive): matching units with their
 * ancestors (so each match shows where it sits) and their whole subtree.
 */
export function filterTree<U extends UnitLike>(nodes: readonly UnitNode<U>[], text: string): UnitNode<U>[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...nodes]
  const out: UnitNode<U>[] = []
  for (const n of nodes) {
    if (n.title.toLowerCase().includes(q)) out.push(n)
    else {
      const children = filterTree(n.children, q)
      if (children.length) out.push({ ...n, children })
    }
  }
  return out
}

/**
 * Where a unit was dropped on the tree, in the terms antd's Tree gives (onDrop's info):
 * the target node, whether the drop fell in a gap between nodes, and the drop position
 * relative to the target (-1 above it, 0 on it, 1 below it).
 */
export interface TreeDrop {
  dragId: string
  targetId: string
  dropToGap: boolean
  /** -1 above the target, 0 onto it, 1 below it. */
  relative: number
  /** The target is expanded and shows children (a drop just below it lands as its first child). */
  targetExpanded: boolean
}

/** What a drop asks for. */
export type MoveDecision =
  /** Move the unit under `parentId` (null: make it a root). */
  | { kind: 'move'; parentId: string | null }
  /** The drop leaves the unit's parent as it is (units are ordered by code, not by position). */
  | { kind: 'none' }
  /** The target is the unit itself or one of its descendants: the move would make a cycle. */
  | { kind: 'cycle' }

/**
 * The drop → parentId rule. Dropped onto a node: it becomes the parent. Dropped in the gap just
 * below an expanded node with children: the node becomes the parent (the unit shows as its
 * first child). Dropped in any other gap: the unit becomes a sibling of the target (its parent,
 * or the root). Siblings are ordered by code, so a drop that keeps the parent changes nothing,
 * and a parent inside the unit's own subtree is refused.
 */
export function decideDrop(units: readonly UnitLike[], drop: TreeDrop): MoveDecision {
  const dragged = units.find((u) => u.id === drop.dragId)
  const target = units.find((u) => u.id === drop.targetId)
  if (!dragged || !target) return { kind: 'none' }
  const hasChildren = units.some((u) => parentOf(u) === target.id)
  const into = !drop.dropToGap || (drop.relative === 1 && drop.targetExpanded && hasChildren)
  const parentId = into ? target.id : parentOf(target)
  if (parentId === parentOf(dragged)) return { kind: 'none' }
  if (parentId !== null && subtreeIds(units, dragged.id).has(parentId)) return { kind: 'cycle' }
  return { kind: 'move', parentId }
}
