import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'dashboard/index': () => import('./DashboardPage').then((m) => m.DashboardPage),
}
