import type { FeatureRoutes } from '../../app/pages'

/** The menu's component keys of the optimisation settings pages (docs/decisions/0013). */
export const routes: FeatureRoutes = {
  'optimization-settings/import-files': () => import('./ImportFileSettingsPage').then((m) => m.ImportFileSettingsPage),
  'optimization-settings/parameters': () => import('./ParametersPage').then((m) => m.ParametersPage),
  'optimization-settings/machines': () => import('./MachinesPage').then((m) => m.MachinesPage),
}
