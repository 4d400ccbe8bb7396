package identity

import (
	"kerf/internal/platform/module"
)

// The admin group of spec 002 §2.4 (settings and tenants join it with their areas). The
// group shows when any child is visible.
var menus = []module.MenuEntry{
	{Name: "admin", Path: "/admin", Component: "Layout", Icon: "setting", Order: 800,
		DisplayName: t("系统管理", "Administration")},
	{Name: "admin.users", Parent: "admin", Path: "/admin/users", Component: "admin/users/index", Icon: "user",
		Order: 1, Permission: PermUsers, DisplayName: t("用户", "Users")},
	{Name: "admin.roles", Parent: "admin", Path: "/admin/roles", Component: "admin/roles/index", Icon: "team",
		Order: 2, Permission: PermRoles, DisplayName: t("角色", "Roles")},
	{Name: "admin.organizationUnit", Parent: "admin", Path: "/admin/organization-unit", Component: "admin/organization-unit/index",
		Icon: "apartment", Order: 3, Permission: PermOrganizationUnits, DisplayName: t("组织机构", "Organisation units")},
	{Name: "admin.claimType", Parent: "admin", Path: "/admin/claim-type", Component: "admin/claim-type/index",
		Icon: "tags", Order: 4, Permission: PermClaimTypes, DisplayName: t("声明类型", "Claim types")},
	// The second auditing screen of spec 002 §6, for whoever manages users: the history of
	// changes to users and roles (entity changes with the name of who made them).
	{Name: "admin.auditing", Parent: "admin", Path: "/admin/auditing", Component: "admin/auditing/index",
		Icon: "history", Order: 5, Permission: PermUsers, DisplayName: t("用户变更记录", "User change history")},
}
