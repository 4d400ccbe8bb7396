import type { ComponentType } from 'react'

/** A lazily loaded page: resolves to the component, or to a module whose default export it is. */
export type PageLoader = () => Promise<ComponentType | { default: ComponentType }>

/**
 * What `src/features/<area>/routes.ts` exports as `routes`: menu component key → page loader.
 *
 * ```ts
 * export const routes: FeatureRoutes = {
 *   'products/index': () => import('./ProductListPage').then((m) => m.ProductListPage),
 * }
 * ```
 */
export type FeatureRoutes = Record<string, PageLoader>
