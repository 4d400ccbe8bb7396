// Package permissions lets administrators read and change the permissions granted to a
// role (provider R, key: role name) or a user (provider U, key: user id) in the current
// tenant, over the grants of the platform's permission service.
package permissions

// PermissionListResult is the answer of GET /api/permission-management/permissions
// (ABP's GetPermissionListResultDto).
type PermissionListResult struct {
	EntityDisplayName string            `json:"entityDisplayName"`
	Groups            []PermissionGroup `json:"groups"`
}

// PermissionGroup is one module's permissions.
type PermissionGroup struct {
	Name        string               `json:"name"`
	DisplayName string               `json:"displayName"`
	Permissions []PermissionGrantDto `json:"permissions"`
}

// PermissionGrantDto is one permission and who grants it to the entity.
type PermissionGrantDto struct {
	Name        string  `json:"name"`
	DisplayName string  `json:"displayName"`
	ParentName  *string `json:"parentName"`
	// IsGranted: granted to the entity by any provider (for a user: directly or through
	// one of their roles).
	IsGranted bool `json:"isGranted"`
	// AllowedProviders is empty: every provider may grant every permission.
	AllowedProviders []string       `json:"allowedProviders"`
	GrantedProviders []ProviderInfo `json:"grantedProviders"`
}

// ProviderInfo names one grant's provider.
type ProviderInfo struct {
	ProviderName string `json:"providerName"`
	ProviderKey  string `json:"providerKey"`
}

// UpdatePermissionsInput is the body of PUT /api/permission-management/permissions.
type UpdatePermissionsInput struct {
	Permissions []UpdatePermission `json:"permissions" maxItems:"2000"`
}

// UpdatePermission grants (isGranted true) or revokes one permission.
type UpdatePermission struct {
	Name      string `json:"name" maxLength:"256"`
	IsGranted bool   `json:"isGranted"`
}

// PermissionTree is the answer of GET /api/menu/permission-feature/permission-list: the
// same data as PermissionListResult as one tree ready for a checkable tree control.
// Top-level nodes are the groups (isGroup true); under them each permission with its
// child permissions.
type PermissionTree struct {
	ProviderName      string           `json:"providerName"`
	ProviderKey       string           `json:"providerKey"`
	EntityDisplayName string           `json:"entityDisplayName"`
	Items             []PermissionNode `json:"items"`
	// GrantedNames lists the permissions the provider itself grants (the tree's checked
	// keys); names granted only through another provider are not in it.
	GrantedNames []string `json:"grantedNames"`
}

// PermissionNode is a group or a permission.
type PermissionNode struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	IsGroup     bool   `json:"isGroup"`
	// IsGranted: granted by any provider, as in PermissionGrantDto.
	IsGranted bool `json:"isGranted"`
	// GrantedByOther: granted through another provider (a user's role); unchecking it here
	// would not revoke it.
	GrantedByOther   bool             `json:"grantedByOther"`
	GrantedProviders []ProviderInfo   `json:"grantedProviders"`
	Children         []PermissionNode `json:"children"`
}

// UpdatePermissionListInput is the body of PUT
// /api/menu/permission-feature/update-permission-list: the complete list of permissions
// the provider grants afterwards; every other permission it granted is revoked.
type UpdatePermissionListInput struct {
	GrantedNames []string `json:"grantedNames" maxItems:"2000"`
}
