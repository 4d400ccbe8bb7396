import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'saas/tenants/index': () => import('./TenantsPage').then((m) => m.TenantsPage),
}
