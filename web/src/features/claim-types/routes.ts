import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/claim-type/index': () => import('./ClaimTypesPage').then((m) => m.ClaimTypesPage),
}
