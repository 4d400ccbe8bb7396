import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'products/index': () => import('./ProductsPage').then((m) => m.ProductsPage),
  'parts/index': () => import('./PartsPage').then((m) => m.PartsPage),
  'standard-products/index': () => import('./StandardProductsPage').then((m) => m.StandardProductsPage),
}
