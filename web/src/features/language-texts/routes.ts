import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'localization/texts/index': () => import('./LanguageTextsPage').then((m) => m.LanguageTextsPage),
}
