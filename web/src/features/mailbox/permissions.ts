import { Permissions } from '../../components'

/** Permission names of the development mailbox, from the server's registry. */
export const MailboxPermissions = {
  /** Reading the messages sent while no SMTP host is set. */
  Mailbox: Permissions['AbpSettingManagement.Emailing.Mailbox'],
} as const
