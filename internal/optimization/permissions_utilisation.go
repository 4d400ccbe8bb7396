package optimization

import "kerf/internal/platform/permission"

// PermUtilisation reads the utilisation pages and their calls (decision 0013).
const PermUtilisation = "Optimization.Utilisation"

// utilisationPermission is the definition of PermUtilisation in the Optimization group
// (listed in permissionGroups).
var utilisationPermission = permission.Definition{Name: PermUtilisation,
	DisplayName: menuText("板材利用率", "Utilisation")}
