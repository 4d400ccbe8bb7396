import type { Catalog } from './types'
import { EMPTY_GUID } from './types'

/** Key of the fixed root entry of every catalogue tree (it has no id; spec 001 §2). */
export const ROOT_KEY = '__root__'
/** Code shown on the fixed root entry (spec 001 §9). */
export const ROOT_CODE = '00001'

/** One entry of the catalogue tree as the panes show it. */
export interface CatalogNode {
  /** The catalogue id, or ROOT_KEY for the fixed root entry. */
  key: string
  /** The catalogue id; null for the root entry. */
  id: string | null
  /** Parent catalogue id; null for a top-level directory and for the root entry. */
  parentId: string | null
  /** What the tree shows: catalogName, else displayName. */
  title: string
  code: string
  isRoot: boolean
  catalog: Catalog | null
  children: CatalogNode[]
}

/** A parent id that means "no parent": null, empty or the all-zero GUID. */
export function isRootParent(parentId: string | null | undefined): boolean {
  return !parentId || parentId === EMPTY_GUID
}

/** The name a directory is shown by. */
export function catalogTitle(c: Pick<Catalog, 'catalogName' | 'displayName'>): string {
  return (c.catalogName ?? '').trim() || (c.displayName ?? '').trim()
}

/**
 * Builds the directory tree from the flat list by parentId. Directories whose parent is the
 * all-zero GUID, empty, or not in the list are top-level. The server's order is kept among
 * siblings. Cycles (a corrupt list) are broken: a directory is never its own ancestor.
 */
export function buildCatalogTree(list: readonly Catalog[]): CatalogNode[] {
  const nodes = new Map<string, CatalogNode>()
  for (const c of list) {
    if (!c.id || nodes.has(c.id)) continue
    nodes.set(c.id, {
      key: c.id,
      id: c.id,
      parentId: isRootParent(c.parentId) ? null : (c.parentId ?? null),
      title: catalogTitle(c),
      code: c.code ?? '',
      isRoot: false,
      catalog: c,
      children: [],
    })
  }
  const top: CatalogNode[] = []
  const ancestorOf = (candidate: string, id: string): boolean => {
    let cur: string | null = candidate
    const seen = new Set<string>()
    while (cur && !seen.has(cur)) {
      if (cur === id) return true
      seen.add(cur)
      cur = nodes.get(cur)?.parentId ?? null
    }
    return false
  }
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined
    if (parent && !ancestorOf(parent.key, n.key)) parent.children.push(n)
    else {
      n.parentId = parent ? n.parentId : null
      top.push(n)
    }
  }
  return top
}

/** The fixed root entry (no id, code 00001) followed by the tree. */
export function withRootEntry(tree: CatalogNode[], rootTitle: string): CatalogNode[] {
  const root: CatalogNode = {
    key: ROOT_KEY,
    id: null,
    parentId: null,
    title: rootTitle,
    code: ROOT_CODE,
    isRoot: true,
    catalog: null,
    children: [],
  }
  return [root, ...tree]
}

/**
 * The tree narrowed to a search text (case-insensitive substring of the title). A directory
 * stays when it matches (with its whole subtree) or when one of its descendants matches. The
 * root entry always stays. An empty text keeps everything.
 */
export function filterCatalogTree(tree: CatalogNode[], text: string): CatalogNode[] {
  const q = text.trim().toLowerCase()
  if (!q) return tree
  const walk = (list: CatalogNode[]): CatalogNode[] => {
    const out: CatalogNode[] = []
    for (const n of list) {
      if (n.isRoot || n.title.toLowerCase().includes(q)) {
        out.push(n)
        continue
      }
      const kids = walk(n.children)
      if (kids.length) out.push({ ...n, children: kids })
    }
    return out
  }
  return walk(tree)
}

/** Keys of every node that has children (to expand a searched tree fully). */
export function expandableKeys(tree: CatalogNode[]): string[] {
  const out: string[] = []
  const walk = (list: CatalogNode[]) => {
    for (const n of list) {
      if (n.children.length) {
        out.push(n.key)
        walk(n.children)
      }
    }
  }
  walk(tree)
  return out
}

/** Finds a node by key anywhere in the tree. */
export function findNode(tree: CatalogNode[], key: string | null | undefined): CatalogNode | undefined {
  if (!key) return undefined
  for (const n of tree) {
    if (n.key === key) return n
    const hit = findNode(n.children, key)
    if (hit) return hit
  }
  return undefined
}

/** The keys of a node's ancestors, outermost first (for expanding down to a selection). */
export function ancestorKeys(list: readonly Catalog[], id: string | null | undefined): string[] {
  const byId = new Map(list.map((c) => [c.id, c]))
  const out: string[] = []
  const seen = new Set<string>()
  let cur = id ? byId.get(id) : undefined
  while (cur && !isRootParent(cur.parentId) && !seen.has(cur.id)) {
    seen.add(cur.id)
    const parent = byId.get(cur.parentId as string)
    if (!parent) break
    out.unshift(parent.id)
    cur = parent
  }
  return out
}

/**
 * Which directory to select after one was deleted and the list reloaded (spec 001 §2): its
 * parent when that is still there, else the first top-level directory, else nothing (the item
 * table is then hidden).
 */
export function selectionAfterDelete(
  remaining: readonly Catalog[],
  deleted: Pick<Catalog, 'id' | 'parentId'>,
): string | null {
  const left = remaining.filter((c) => c.id !== deleted.id)
  if (!isRootParent(deleted.parentId) && left.some((c) => c.id === deleted.parentId)) return deleted.parentId as string
  const tree = buildCatalogTree(left)
  return tree[0]?.id ?? null
}
