import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/auditing/index': () => import('./UserHistoryPage').then((m) => m.UserHistoryPage),
}
