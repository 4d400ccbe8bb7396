import { createContext, useContext } from 'react'
import type { AppRoute } from '../app/buildRoutes'

export interface ShellRoutes {
  /** The permitted menu tree (groups with children), sorted. */
  tree: AppRoute[]
  /** Every page the shell can show, menu pages and hidden routes. */
  pages: AppRoute[]
  /** The route a pathname shows. */
  find: (pathname: string) => AppRoute | undefined
}

export const ShellContext = createContext<ShellRoutes>({ tree: [], pages: [], find: () => undefined })

/** The user's routes, for pages that list or link to other pages. */
export function useShellRoutes(): ShellRoutes {
  return useContext(ShellContext)
}
