import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'basic-setup/data-dictionary/index': () => import('./DataDictionaryPage').then((m) => m.DataDictionaryPage),
}
