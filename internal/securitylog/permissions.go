package securitylog

import "kerf/internal/platform/permission"

// Permission names (spec 002 §6). Both are declared by the identity area, in its
// AbpAuditing group with the other auditing permissions (the delete permission as a child
// of reading), so the permission screens show them under Auditing; this area may not
// import identity, so it names them here, and TestTheSecurityLogPermissionsAreDeclaredUnderAuditing
// checks that identity declares exactly these.
const (
	PermSecurityLog       = "AbpAuditing.SecurityLog"
	PermSecurityLogDelete = "AbpAuditing.SecurityLog.Delete"
)

// permissionGroups is empty: a second group named AbpAuditing would show twice in the
// permission screens.
var permissionGroups []permission.Group
