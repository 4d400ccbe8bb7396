import { Permissions } from '../../components'

/** Permission names of the tenant administration (the host's only), from the server's registry. */
export const TenantPermissions = {
  Tenants: Permissions['AbpTenantManagement.Tenants'],
  Create: Permissions['AbpTenantManagement.Tenants.Create'],
  Update: Permissions['AbpTenantManagement.Tenants.Update'],
  Delete: Permissions['AbpTenantManagement.Tenants.Delete'],
  ManageFeatures: Permissions['AbpTenantManagement.Tenants.ManageFeatures'],
  ManageConnectionStrings: Permissions['AbpTenantManagement.Tenants.ManageConnectionStrings'],
  Impersonation: Permissions['AbpTenantManagement.Tenants.Impersonation'],
  /** The editions picker of the dialog. */
  Editions: Permissions['Saas.Editions'],
} as const
