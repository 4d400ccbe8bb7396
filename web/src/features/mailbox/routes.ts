import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/emails/index': () => import('./MailboxPage').then((m) => m.MailboxPage),
}
