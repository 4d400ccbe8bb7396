import type { FeatureRoutes } from '../../app/pages'

/** The menu's component key of the saw kanban (internal/optimization/menus_kanban.go). */
export const routes: FeatureRoutes = {
  'saw-kanban/index': () => import('./KanbanPage').then((m) => m.KanbanPage),
}
