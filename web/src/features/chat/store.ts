import { create } from 'zustand'
import type { FriendRequest } from './api'

/** UI state of the chat (server data stays in the query cache). */
interface ChatUi {
  /** The user whose conversation is open and shown, or null. */
  openPeerId: string | null
  setOpenPeer: (id: string | null) => void
  /** Friend requests pushed to the caller and not answered yet, oldest first (each once). */
  validations: FriendRequest[]
  pushValidation: (r: FriendRequest) => void
  dropValidation: (requestIdOrUserId: string) => void
  /** How many navbar entries are mounted: they show the validation prompt on every page. */
  navEntries: number
  mountNavEntry: () => () => void
}

export const useChatUi = create<ChatUi>((set) => ({
  openPeerId: null,
  setOpenPeer: (id) => set({ openPeerId: id }),
  validations: [],
  pushValidation: (r) =>
    set((s) => (s.validations.some((v) => v.requestId === r.requestId) ? s : { validations: [...s.validations, r] })),
  dropValidation: (id) => set((s) => ({ validations: s.validations.filter((v) => v.requestId !== id && v.fromUserId !== id) })),
  navEntries: 0,
  mountNavEntry: () => {
    set((s) => ({ navEntries: s.navEntries + 1 }))
    return () => set((s) => ({ navEntries: s.navEntries - 1 }))
  },
}))
