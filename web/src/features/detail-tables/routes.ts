import type { FeatureRoutes } from '../../app/pages'

/** The menu's component key of the detail-table configuration page (internal/orderdetail/menu.go). */
export const routes: FeatureRoutes = {
  'detail-tables/index': () => import('./DetailTablesPage').then((m) => m.DetailTablesPage),
}
