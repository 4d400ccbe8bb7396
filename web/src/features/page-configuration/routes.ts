import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'basic-setup/page-configuration/index': () => import('./PageConfigurationPage').then((m) => m.PageConfigurationPage),
}
