import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/text-templates/index': () => import('./TextTemplatesPage').then((m) => m.TextTemplatesPage),
}
