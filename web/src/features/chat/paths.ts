/** Where the navbar's chat icon leads (the menu's /im/chat, component key im/chat/index). */
export const CHAT_PATH = '/im/chat'
