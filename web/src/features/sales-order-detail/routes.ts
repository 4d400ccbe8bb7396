import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'sales-orders/detail': () => import('./OrderPage').then((m) => m.OrderPage),
}
