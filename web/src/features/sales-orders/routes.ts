import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'sales-orders/index': () => import('./OrderListPage').then((m) => m.SalesOrdersPage),
  'order-tracking/all': () => import('./OrderListPage').then((m) => m.OrderTrackingAllPage),
  'order-tracking/own': () => import('./OrderListPage').then((m) => m.OrderTrackingOwnPage),
  'order-tracking/pending': () => import('./OrderListPage').then((m) => m.OrderTrackingPendingPage),
  'order-tracking/history': () => import('./OrderListPage').then((m) => m.OrderTrackingHistoryPage),
  'order-types/index': () => import('./TypesPage').then((m) => m.OrderTypesPage),
  'product-types/index': () => import('./TypesPage').then((m) => m.ProductTypesPage),
}
