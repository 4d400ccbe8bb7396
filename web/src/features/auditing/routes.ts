import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'auditing/audit-log/index': () => import('./AuditLogPage').then((m) => m.AuditLogPage),
  'auditing/security-log/index': () => import('./SecurityLogPage').then((m) => m.SecurityLogPage),
}
