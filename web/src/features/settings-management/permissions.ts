import { Permissions } from '../../components'

/** Permission names of the settings groups (internal/settings/permissions.go), from the server's registry. */
export const SettingsPermissions = {
  /** The settings page itself (every group also needs it). */
  Settings: Permissions['AbpSettingManagement.Settings'],
  Emailing: Permissions['AbpSettingManagement.Emailing'],
  Identity: Permissions['AbpIdentity.SettingManagement'],
  Account: Permissions['AbpAccount.SettingManagement'],
  Recaptcha: Permissions['AbpAccount.SettingManagement.Recaptcha'],
  ExternalProviders: Permissions['AbpAccount.SettingManagement.ExternalProviders'],
  WeChat: Permissions['AbpSettingManagement.WeChat'],
  SalesOrder: Permissions['SalesOrder.SalesOrderSetting'],
  Optimization: Permissions['Optimization.OptimizationSetting'],
  BasicSetup: Permissions['AbpSettingManagement.BasicSetup'],
} as const
