package auditlogging

import (
	"kerf/internal/identity"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// The auditing group of spec 002 §2.4: audit-log and security-log.
var menus = []module.MenuEntry{
	{Name: "auditing", Path: "/auditing", Component: "Layout", Icon: "audit", Order: 810,
		DisplayName: localization.Text{ZhHans: "审计日志", En: "Auditing"}},
	{Name: "auditing.auditLog", Parent: "auditing", Path: "/auditing/audit-log", Component: "auditing/audit-log/index",
		Icon: "file-search", Order: 1, Permission: identity.PermAuditLog,
		DisplayName: localization.Text{ZhHans: "审计日志", En: "Audit logs"}},
	{Name: "auditing.securityLog", Parent: "auditing", Path: "/auditing/security-log", Component: "auditing/security-log/index",
		Icon: "safety", Order: 2, Permission: identity.PermSecurityLog,
		DisplayName: localization.Text{ZhHans: "安全日志", En: "Security logs"}},
}
