import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http, SHORT_LIST_MAX } from '../../components'
import type { components } from '../../api/gen/schema'

/** A stored menu row as administrators see it (GET /api/menu). */
export type MenuRow = components['schemas']['MenusMenuDto']
/** Body of POST /api/menu. */
export type CreateMenuBody = components['schemas']['MenusCreateMenuInput']
/** Body of PUT /api/menu/{id}: absent fields keep their value. */
export type UpdateMenuBody = components['schemas']['MenusUpdateMenuInput']

/** A menu row with its children, for the tree table. `children` is absent on leaves. */
export interface MenuNode extends MenuRow {
  children?: MenuNode[]
}

/** The parent id of a root row. */
export const ROOT_ID = '00000000-0000-0000-0000-000000000000'

/**
 * Query keys. The admin list lives under ['menu', …] like the shell's web menu
 * (`sessionKeys.menu(language)` = ['menu', 'web', language]), so logging out clears both.
 */
export const menuKeys = {
  all: ['menu', 'admin'] as const,
  list: (filter: string, language: string) => ['menu', 'admin', 'list', { filter, language }] as const,
  /** Prefix of the shell's web menu queries (every language). */
  webMenu: ['menu', 'web'] as const,
}

export interface MenuListResult {
  items: MenuRow[]
  totalCount: number
}

/** The whole menu at once, to show it as a tree: a short code list (docs/decisions/0008, "Web"). */
export async function fetchMenus(filter: string): Promise<MenuListResult> {
  const r = await http.get<{ items: MenuRow[] | null; totalCount: number }>('/api/menu', {
    params: { filter: filter || undefined, maxResultCount: SHORT_LIST_MAX },
  })
  return { items: r?.items ?? [], totalCount: r?.totalCount ?? 0 }
}

export const menuListQuery = (filter: string, language: string) => ({
  queryKey: menuKeys.list(filter, language),
  queryFn: () => fetchMenus(filter),
})

export const createMenu = (body: CreateMenuBody) => http.post<MenuRow>('/api/menu', body, { silent: true })
export const updateMenu = (id: string, body: UpdateMenuBody) =>
  http.put<MenuRow>(`/api/menu/${encodeURIComponent(id)}`, body, { silent: true })
export const deleteMenu = (id: string) => http.delete<void>(`/api/menu/${encodeURIComponent(id)}`, { silent: true })
export const restoreMenus = () => http.post<void>('/api/menu/initdataasync', undefined, { silent: true })

/**
 * Rows as a tree, in the order given (the server's: order, then name). A row whose parent is
 * not among the rows (a filtered list) becomes a root.
 */
export function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>()
  for (const r of rows) nodes.set(r.id, { ...r })
  const roots: MenuNode[] = []
  for (const r of rows) {
    const node = nodes.get(r.id)!
    const parent = r.parentId && r.parentId !== ROOT_ID && r.parentId !== r.id ? nodes.get(r.parentId) : undefined
    if (parent) (parent.children ??= []).push(node)
    else roots.push(node)
  }
  return roots
}

/** Ids of the nodes that have children (to expand the whole tree). */
export function parentIds(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...parentIds(n.children)] : []))
}

/** The id and every descendant id of `id` in the tree (a row cannot move under these). */
export function subtreeIds(nodes: MenuNode[], id: string): Set<string> {
  const out = new Set<string>()
  const walk = (list: MenuNode[], inside: boolean) => {
    for (const n of list) {
      const here = inside || n.id === id
      if (here) out.add(n.id)
      if (n.children) walk(n.children, here)
    }
  }
  walk(nodes, false)
  return out
}

/** What the dialog edits. */
export interface MenuFormValues {
  parentId?: string | null
  name?: string
  displayNameZhHans?: string
  displayNameEn?: string
  path?: string
  component?: string
  icon?: string
  order?: number | null
  permission?: string
  hidden?: boolean
  activeMenu?: string
  noCache?: boolean
  affix?: boolean
  isExternal?: boolean
  hostOnly?: boolean
  multiTenancyOnly?: boolean
}

const TEXT_FIELDS = ['displayNameZhHans', 'displayNameEn', 'path', 'component', 'icon', 'permission', 'activeMenu'] as const
const FLAG_FIELDS = ['hidden', 'noCache', 'affix', 'isExternal', 'hostOnly', 'multiTenancyOnly'] as const

function common(v: MenuFormValues): UpdateMenuBody {
  const body: UpdateMenuBody = { parentId: v.parentId || ROOT_ID, order: typeof v.order === 'number' ? v.order : 0 }
  for (const f of TEXT_FIELDS) body[f] = (v[f] ?? '').trim()
  for (const f of FLAG_FIELDS) body[f] = !!v[f]
  return body
}

/** The POST body of a new row. */
export function toCreateBody(v: MenuFormValues): CreateMenuBody {
  return { ...common(v), name: (v.name ?? '').trim() }
}

/** The PUT body of an edited row: every editable field (clearing a text sends ''), and the stamp. */
export function toUpdateBody(v: MenuFormValues, concurrencyStamp?: string): UpdateMenuBody {
  const body = common(v)
  if (concurrencyStamp) body.concurrencyStamp = concurrencyStamp
  return body
}

/** The form values of a row. */
export function toFormValues(r: Partial<MenuRow>): MenuFormValues {
  return {
    parentId: r.parentId && r.parentId !== ROOT_ID ? r.parentId : undefined,
    name: r.name ?? '',
    displayNameZhHans: r.displayNameZhHans ?? '',
    displayNameEn: r.displayNameEn ?? '',
    path: r.path ?? '',
    component: r.component ?? '',
    icon: r.icon ?? '',
    order: r.order ?? 0,
    permission: r.permission ?? '',
    hidden: r.hidden ?? false,
    activeMenu: r.activeMenu ?? '',
    noCache: r.noCache ?? false,
    affix: r.affix ?? false,
    isExternal: r.isExternal ?? false,
    hostOnly: r.hostOnly ?? false,
    multiTenancyOnly: r.multiTenancyOnly ?? false,
  }
}

/** Mutations of the menu rows; each refreshes the list and the shell's menu (the sidebar). */
export function useMenuMutations() {
  const qc = useQueryClient()
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: menuKeys.all }), qc.invalidateQueries({ queryKey: menuKeys.webMenu })])
  const save = useMutation({
    mutationFn: ({ id, values, concurrencyStamp }: { id?: string; values: MenuFormValues; concurrencyStamp?: string }) =>
      id ? updateMenu(id, toUpdateBody(values, concurrencyStamp)) : createMenu(toCreateBody(values)),
    onSuccess: refresh,
  })
  const remove = useMutation({ mutationFn: deleteMenu, onSuccess: refresh })
  const restore = useMutation({ mutationFn: restoreMenus, onSuccess: refresh })
  return { save, remove, restore }
}
