import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'im/notifications/index': () => import('./NotificationsPage').then((m) => m.NotificationsPage),
}
