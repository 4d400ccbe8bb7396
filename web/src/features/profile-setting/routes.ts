import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'profile-setting/index': () => import('./ProfileSettingPage').then((m) => m.ProfileSettingPage),
}
