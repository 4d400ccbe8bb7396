/** GET /api/abp/application-configuration (the parts the web application reads). */
export interface ApplicationConfiguration {
  auth: { policies?: Record<string, boolean>; grantedPolicies?: Record<string, boolean> }
  currentUser: CurrentUser
  currentTenant: { id: string | null; name: string | null; isAvailable: boolean }
  features?: { values?: Record<string, string> }
  localization?: {
    currentCulture?: { cultureName: string; name: string; displayName: string }
    languages?: { cultureName: string; uiCultureName: string; displayName: string }[]
    values?: Record<string, Record<string, string>>
  }
  multiTenancy?: { isEnabled: boolean }
  setting?: { values?: Record<string, string | null> }
}

export interface CurrentUser {
  isAuthenticated: boolean
  id: string | null
  tenantId: string | null
  impersonatorUserId?: string | null
  impersonatorTenantId?: string | null
  userName: string | null
  name: string | null
  surName: string | null
  email: string | null
  phoneNumber: string | null
  roles: string[]
}

/** One entry of GET /api/menu/getWebMenu. */
export interface MenuItem {
  id: string
  parentId: string | null
  name: string
  displayName: string
  path: string
  component: string
  icon?: string | null
  order: number
  permission?: string | null
  activeMenu?: string | null
  noCache?: boolean
  affix?: boolean
  isExternal?: boolean
  children?: MenuItem[]
}

export interface MyProfile {
  userName: string
  name: string | null
  surname: string | null
  email: string | null
  phoneNumber: string | null
  concurrencyStamp: string
}

export interface TenantCheck {
  tenantName: string | null
  isActive: boolean
  message: string | null
}
