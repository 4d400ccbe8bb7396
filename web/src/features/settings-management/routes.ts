import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'admin/settings/index': () => import('./SettingsPage').then((m) => m.SettingsPage),
}
