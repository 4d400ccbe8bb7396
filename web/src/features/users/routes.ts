import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/users/index': () => import('./UsersPage').then((m) => m.UsersPage),
}
