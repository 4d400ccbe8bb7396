import { Permissions as P } from '../../components'

/** Permission names of the saw kanban (src/api/gen/permissions.ts). */
export const KanbanPermissions = {
  Kanban: P['Optimization.Kanban'],
  Move: P['Optimization.Kanban.Move'],
} as const
