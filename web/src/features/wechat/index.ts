/** The WeChat pieces the shell places: the navbar dialog, the login button, /auth-redirect. */
export { WeChatDialog } from './WeChatDialog'
export { WeChatLogin } from './WeChatLogin'
export { AuthRedirectPage } from './AuthRedirectPage'
export { WeChatPermissions } from './permissions'
