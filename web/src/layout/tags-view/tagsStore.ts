import { create } from 'zustand'
import {
  addView,
  delAllViews,
  delCachedView,
  delOthersViews,
  delView,
  initAffixViews,
  type TagsState,
  type TagView,
} from './tagsRules'

interface TagsStore extends TagsState {
  add: (view: TagView) => void
  /** Updates the title of an open tab (e.g. after a language switch). */
  retitle: (titles: Record<string, string>) => void
  close: (view: TagView) => TagsState
  closeCached: (view: TagView) => void
  closeOthers: (view: TagView) => void
  closeAll: () => void
  initAffix: (views: TagView[]) => void
  reset: () => void
}

export const useTagsStore = create<TagsStore>((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  add: (view) => set((s) => addView(s, view)),
  retitle: (titles) =>
    set((s) => ({ visitedViews: s.visitedViews.map((v) => (titles[v.path] && titles[v.path] !== v.title ? { ...v, title: titles[v.path] } : v)) })),
  close: (view) => {
    set((s) => delView(s, view))
    const { visitedViews, cachedViews } = get()
    return { visitedViews, cachedViews }
  },
  closeCached: (view) => set((s) => delCachedView(s, view)),
  closeOthers: (view) => set((s) => delOthersViews(s, view)),
  closeAll: () => set((s) => delAllViews(s)),
  initAffix: (views) => set((s) => initAffixViews(s, views)),
  reset: () => set({ visitedViews: [], cachedViews: [] }),
}))
