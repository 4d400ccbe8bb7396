import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'optimization-materials/index': () => import('./MaterialsPage').then((m) => m.MaterialsPage),
}
