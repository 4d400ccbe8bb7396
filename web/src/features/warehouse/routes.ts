import type { FeatureRoutes } from '../../app/pages'

/** The offcut pages (menu group /offcut; component keys of internal/warehouse/menus.go). */
export const routes: FeatureRoutes = {
  'warehouse/statistics': () => import('./StatisticsPage').then((m) => m.StatisticsPage),
  'warehouse/inventory': () => import('./InventoryPage').then((m) => m.InventoryPage),
  'warehouse/shelves': () => import('./ShelvesPage').then((m) => m.ShelvesPage),
}
