import { Permissions } from '../../api/gen/permissions'

/** Permission names of the WeChat dialog (spec 000 §2, §6), from the server's registry. */
export const WeChatPermissions = {
  /** The navbar's WeChat official-account dialog: bind and unbind one's WeChat account. */
  Official: Permissions['WeChat.Official'],
} as const
