// Package permissions lets administrators read and change the permissions granted to a
// role (provider R, key: role name) or a user (provider U, key: user id) in the current
// tenant, over the grants of the platform's permission service.
package permissions

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

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

// Page actions: the action permissions of a detail table (spec 000 §6), granted per provider
// and route key.
const (
	PageActionCreate      = "create"
	PageActionImportExcel = "importExcel"
	PageActionClear       = "clear"
	PageActionSelect      = "select"
	PageActionExport      = "export"
)

// PageActions are the page actions Kerf knows, in the order answers list them.
var PageActions = []string{PageActionCreate, PageActionImportExcel, PageActionClear, PageActionSelect, PageActionExport}

// MaxRouteKey is the longest route key.
const MaxRouteKey = 256

// PageGrant is one page action granted to one provider on one route, in one tenant.
type PageGrant struct {
	bun.BaseModel `bun:"table:permission_page_grants"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	ProviderName  string     `bun:"provider_name,notnull"`
	ProviderKey   string     `bun:"provider_key,notnull"`
	RouteKey      string     `bun:"route_key,notnull"`
	Action        string     `bun:"action,notnull"`
}

// PagePermissionQuery names one route of one provider. Without providerName (and key) it is
// the caller: their effective page permissions.
type PagePermissionQuery struct {
	ProviderName string `query:"providerName" doc:"R for a role, U for a user; empty: the caller's own effective page permissions"`
	ProviderKey  string `query:"providerKey" doc:"Role name, or user id"`
	RouteKey     string `query:"routeKey" doc:"The route (page) the actions belong to, e.g. /salesorder/detail"`
}

// PagePermission is the answer of GET and PUT /api/pagepermission: the page actions of one
// route for one provider (or the caller, providerName empty).
type PagePermission struct {
	ProviderName string       `json:"providerName"`
	ProviderKey  string       `json:"providerKey"`
	RouteKey     string       `json:"routeKey"`
	Actions      []PageAction `json:"actions"`
}

// PageAction is one action of a page: granted by any provider (for a user: directly or
// through one of the roles they hold now), and by which.
type PageAction struct {
	Name      string `json:"name" enum:"create,importExcel,clear,select,export"`
	IsGranted bool   `json:"isGranted"`
	// GrantedProviders: the provider itself first, then (for a user) each role granting it.
	GrantedProviders []ProviderInfo `json:"grantedProviders"`
}

// UpdatePagePermissionInput is the body of PUT /api/pagepermission: the actions to grant
// (isGranted true) or revoke; actions not listed keep their state.
type UpdatePagePermissionInput struct {
	Actions []UpdatePageAction `json:"actions" maxItems:"20"`
}

// UpdatePageAction grants or revokes one page action.
type UpdatePageAction struct {
	Name      string `json:"name" maxLength:"64" doc:"create, importExcel, clear, select or export"`
	IsGranted bool   `json:"isGranted"`
}
