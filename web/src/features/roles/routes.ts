import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/roles/index': () => import('./RolesPage').then((m) => m.RolesPage),
}
