import type { FeatureRoutes } from '../../app/pages'

/** The menu's component keys of the utilisation pages (internal/optimization/menus_utilisation.go). */
export const routes: FeatureRoutes = {
  'optimization-utilisation/by-file': () => import('./ByFilePage').then((m) => m.ByFilePage),
  'optimization-utilisation/list': () => import('./FileListPage').then((m) => m.FileListPage),
  'optimization-utilisation/detail': () => import('./FileDetailPage').then((m) => m.FileDetailPage),
}
