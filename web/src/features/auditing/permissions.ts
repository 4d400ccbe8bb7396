import { Permissions } from '../../components'

/** Permission names of the audit and security logs (spec 002 §6), from the server's registry. */
export const AuditingPermissions = {
  AuditLog: Permissions['AbpAuditing.AuditLog'],
  AuditLogDelete: Permissions['AbpAuditing.AuditLog.Delete'],
  SecurityLog: Permissions['AbpAuditing.SecurityLog'],
  SecurityLogDelete: Permissions['AbpAuditing.SecurityLog.Delete'],
} as const
