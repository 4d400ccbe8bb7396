import type { FeatureRoutes } from '../../app/pages'

export const routes: FeatureRoutes = {
  'im/chat/index': () => import('./ChatPage').then((m) => m.ChatPage),
}
