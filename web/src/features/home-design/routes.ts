import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  // the menu entry of internal/homedesign/menu.go: /home-design/viewer/:planId
  'home-design/viewer': () => import('./DesignViewerPage').then((m) => m.DesignViewerPage),
}
