/** Where the bell's "view all" goes (the menu entry of decision 0015). */
export const NOTIFICATIONS_PATH = '/im/notifications'
