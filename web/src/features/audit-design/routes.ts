import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'audit-queue/index': () => import('./AuditQueuePage').then((m) => m.AuditQueuePage),
}
