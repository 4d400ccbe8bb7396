import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'container/menus/index': () => import('./MenusPage').then((m) => m.MenusPage),
}
