package identity

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names of the identity, tenant, settings and auditing areas (spec 002 §6).
const (
	PermRoles                = "AbpIdentity.Roles"
	PermRolesCreate          = "AbpIdentity.Roles.Create"
	PermRolesUpdate          = "AbpIdentity.Roles.Update"
	PermRolesDelete          = "AbpIdentity.Roles.Delete"
	PermRolesPermissions     = "AbpIdentity.Roles.ManagePermissions"
	PermUsers                = "AbpIdentity.Users"
	PermUsersCreate          = "AbpIdentity.Users.Create"
	PermUsersUpdate          = "AbpIdentity.Users.Update"
	PermUsersDelete          = "AbpIdentity.Users.Delete"
	PermUsersPermissions     = "AbpIdentity.Users.ManagePermissions"
	PermUsersImpersonation   = "AbpIdentity.Users.Impersonation"
	PermOrganizationUnits    = "AbpIdentity.OrganizationUnits"
	PermClaimTypes           = "AbpIdentity.IdentityClaimTypes"
	PermTenants              = "AbpTenantManagement.Tenants"
	PermTenantsCreate        = "AbpTenantManagement.Tenants.Create"
	PermTenantsUpdate        = "AbpTenantManagement.Tenants.Update"
	PermTenantsDelete        = "AbpTenantManagement.Tenants.Delete"
	PermTenantsImpersonation = "AbpTenantManagement.Tenants.Impersonation"
	PermSettings             = "AbpSettingManagement.Settings"
	PermAuditLog             = "AbpAuditing.AuditLog"
	PermAuditLogDelete       = "AbpAuditing.AuditLog.Delete"
	PermSecurityLog          = "AbpAuditing.SecurityLog"
	PermSecurityLogDelete    = "AbpAuditing.SecurityLog.Delete"
)

// The tenant list's features dialog and connection strings (internal/saas).
const (
	PermTenantsManageFeatures          = "AbpTenantManagement.Tenants.ManageFeatures"
	PermTenantsManageConnectionStrings = "AbpTenantManagement.Tenants.ManageConnectionStrings"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var permissionGroups = []permission.Group{
	{Name: "AbpIdentity", DisplayName: t("身份标识管理", "Identity management"), Permissions: []permission.Definition{
		{Name: PermRoles, DisplayName: t("角色管理", "Role management")},
		{Name: PermRolesCreate, Parent: PermRoles, DisplayName: t("创建", "Create")},
		{Name: PermRolesUpdate, Parent: PermRoles, DisplayName: t("编辑", "Edit")},
		{Name: PermRolesDelete, Parent: PermRoles, DisplayName: t("删除", "Delete")},
		{Name: PermRolesPermissions, Parent: PermRoles, DisplayName: t("更改权限", "Change permissions")},
		{Name: PermUsers, DisplayName: t("用户管理", "User management")},
		{Name: PermUsersCreate, Parent: PermUsers, DisplayName: t("创建", "Create")},
		{Name: PermUsersUpdate, Parent: PermUsers, DisplayName: t("编辑", "Edit")},
		{Name: PermUsersDelete, Parent: PermUsers, DisplayName: t("删除", "Delete")},
		{Name: PermUsersPermissions, Parent: PermUsers, DisplayName: t("更改权限", "Change permissions")},
		{Name: PermUsersImpersonation, Parent: PermUsers, DisplayName: t("以用户身份登录", "Log in as user")},
		{Name: PermOrganizationUnits, DisplayName: t("组织机构管理", "Organisation units")},
		{Name: PermClaimTypes, DisplayName: t("声明类型", "Claim types")},
	}},
	{Name: "AbpTenantManagement", DisplayName: t("租户管理", "Tenant management"), Permissions: []permission.Definition{
		{Name: PermTenants, DisplayName: t("租户管理", "Tenant management"), Side: permission.HostOnly},
		{Name: PermTenantsCreate, Parent: PermTenants, DisplayName: t("创建", "Create"), Side: permission.HostOnly},
		{Name: PermTenantsUpdate, Parent: PermTenants, DisplayName: t("编辑", "Edit"), Side: permission.HostOnly},
		{Name: PermTenantsDelete, Parent: PermTenants, DisplayName: t("删除", "Delete"), Side: permission.HostOnly},
		{Name: PermTenantsImpersonation, Parent: PermTenants, DisplayName: t("以租户身份登录", "Log in as tenant"), Side: permission.HostOnly},
		{Name: PermTenantsManageFeatures, Parent: PermTenants, DisplayName: t("管理功能", "Manage features"), Side: permission.HostOnly},
		{Name: PermTenantsManageConnectionStrings, Parent: PermTenants, DisplayName: t("管理连接字符串", "Manage connection strings"), Side: permission.HostOnly},
	}},
	{Name: "AbpSettingManagement", DisplayName: t("设置管理", "Setting management"), Permissions: []permission.Definition{
		{Name: PermSettings, DisplayName: t("设置", "Settings")},
	}},
	{Name: "AbpAuditing", DisplayName: t("审计", "Auditing"), Permissions: []permission.Definition{
		{Name: PermAuditLog, DisplayName: t("审计日志", "Audit log")},
		{Name: PermAuditLogDelete, Parent: PermAuditLog, DisplayName: t("删除", "Delete")},
		{Name: PermSecurityLog, DisplayName: t("安全日志", "Security log")},
		// Used by the security log area (securitylog.PermSecurityLogDelete), declared here with
		// its parent so the permission screens show it under Auditing.
		{Name: PermSecurityLogDelete, Parent: PermSecurityLog, DisplayName: t("删除", "Delete")},
	}},
}
