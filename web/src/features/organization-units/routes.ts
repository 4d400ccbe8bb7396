import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/organization-unit/index': () => import('./OrganizationUnitsPage').then((m) => m.OrganizationUnitsPage),
}
