import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'localization/languages/index': () => import('./LanguagesPage').then((m) => m.LanguagesPage),
}
