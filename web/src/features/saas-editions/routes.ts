import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'saas/editions/index': () => import('./EditionsPage').then((m) => m.EditionsPage),
}
