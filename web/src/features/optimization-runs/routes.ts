import type { FeatureRoutes } from '../../app/pages'

/** The menu's component keys of the import files and runs pages (docs/decisions/0013). */
export const routes: FeatureRoutes = {
  'optimization-runs/import-files': () => import('./ImportFilesPage').then((m) => m.ImportFilesPage),
  'optimization-runs/solutions': () => import('./SolutionsPage').then((m) => m.SolutionsPage),
}
