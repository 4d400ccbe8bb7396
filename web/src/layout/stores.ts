import { create } from 'zustand'
import { persist } from 'zustand/middleware'

export const DEFAULT_THEME = '#134ea3'

export interface Settings {
  theme: string
  tagsView: boolean
  sidebarLogo: boolean
  fixedHeader: boolean
  /** Active sidebar text takes the theme colour. */
  sidebarTextTheme: boolean
}

interface SettingsStore extends Settings {
  change: (patch: Partial<Settings>) => void
  reset: () => void
}

const defaults: Settings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  sidebarLogo: true,
  fixedHeader: false,
  sidebarTextTheme: true,
}

/** The settings drawer, saved across reloads. */
export const useSettingsStore = create<SettingsStore>()(
  persist(
    (set) => ({
      ...defaults,
      change: (patch) => set(patch),
      reset: () => set(defaults),
    }),
    { name: 'kerf.settings' },
  ),
)

export type SizeName = 'medium' | 'small' | 'mini'
export type Device = 'desktop' | 'mobile'

interface AppStore {
  sidebarOpened: boolean
  device: Device
  size: SizeName
  settingsOpen: boolean
  toggleSidebar: () => void
  closeSidebar: () => void
  setDevice: (d: Device) => void
  setSize: (s: SizeName) => void
  setSettingsOpen: (open: boolean) => void
}

/** Sidebar state, device and component size (sidebar state and size are saved). */
export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      sidebarOpened: true,
      device: 'desktop',
      size: 'medium',
      settingsOpen: false,
      toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
      closeSidebar: () => set({ sidebarOpened: false }),
      setDevice: (device) => set({ device }),
      setSize: (size) => set({ size }),
      setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    }),
    { name: 'kerf.app', partialize: (s) => ({ sidebarOpened: s.sidebarOpened, size: s.size }) },
  ),
)

/** Mobile layout below this window width (spec 002 §9). */
export const MOBILE_BREAKPOINT = 992
