package orgunits

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// CodeDigits is the width of one level of a unit's code: the first root is "00001", its
// second child "00001.00002" (ABP's OrganizationUnit.Code).
const CodeDigits = 5

// MaxDisplayName is the longest display name a unit may have (ABP's limit).
const MaxDisplayName = 128

// MaxIDs is how many ids one request may name (members, roles or units to add or set).
const MaxIDs = 1000

// ---- rows ----

// OrganizationUnit is one unit of a tenant's tree. Its code holds the codes of its
// ancestors ("00001.00002" is the second child of the first root), so a subtree is every
// unit whose code starts with the unit's code and a dot, and the list sorted by code is the
// tree read depth first.
type OrganizationUnit struct {
	bun.BaseModel `bun:"table:identity_organization_units,alias:ou"`
	db.Entity
	ParentID    *uuid.UUID `bun:"parent_id,type:uuid" json:"parentId" doc:"The parent unit; null: a root"`
	Code        string     `bun:"code,notnull" json:"code" doc:"Five digits per level, the ancestors' first: 00001.00002"`
	DisplayName string     `bun:"display_name,notnull" json:"displayName"`
}

// userUnit makes a user a member of a unit (same tenant).
type userUnit struct {
	bun.BaseModel      `bun:"table:identity_user_organization_units,alias:uou"`
	TenantID           *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID             uuid.UUID  `bun:"user_id,pk,type:uuid"`
	OrganizationUnitID uuid.UUID  `bun:"organization_unit_id,pk,type:uuid"`
}

// unitRole gives a unit a role, which its members then hold (same tenant).
type unitRole struct {
	bun.BaseModel      `bun:"table:identity_organization_unit_roles,alias:our"`
	TenantID           *uuid.UUID `bun:"tenant_id,type:uuid"`
	OrganizationUnitID uuid.UUID  `bun:"organization_unit_id,pk,type:uuid"`
	RoleID             uuid.UUID  `bun:"role_id,pk,type:uuid"`
}

// ---- inputs ----

// CreateOrganizationUnitInput is a new unit.
type CreateOrganizationUnitInput struct {
	DisplayName string     `json:"displayName" minLength:"1" maxLength:"128" doc:"Unique among the units of the same parent"`
	ParentID    *uuid.UUID `json:"parentId,omitempty" doc:"The parent unit; absent, null or the all-zero UUID: a root"`
}

// UpdateOrganizationUnitInput renames a unit and may move it.
type UpdateOrganizationUnitInput struct {
	DisplayName string     `json:"displayName" minLength:"1" maxLength:"128" doc:"Unique among the units of the same parent"`
	ParentID    *uuid.UUID `json:"parentId,omitempty" doc:"Absent or null: the unit stays where it is; the all-zero UUID: it moves to the root; another unit's id: it moves under that unit (not under itself or one of its descendants), and the codes of its subtree follow"`
	// ConcurrencyStamp is the stamp the client read; a stale one answers 409, none skips the check.
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// MembersInput names users to add to a unit.
type MembersInput struct {
	UserIDs []uuid.UUID `json:"userIds" minItems:"1" maxItems:"1000" doc:"Users of the tenant; those already members stay"`
}

// RolesInput names roles to give a unit.
type RolesInput struct {
	RoleIDs []uuid.UUID `json:"roleIds" minItems:"1" maxItems:"1000" doc:"Roles of the tenant; those the unit has already stay"`
}

// UnitsInput is the whole set of units of a user or a role.
type UnitsInput struct {
	OrganizationUnitIDs []uuid.UUID `json:"organizationUnitIds" maxItems:"1000" doc:"Units of the tenant; replaces the current set (empty: none)"`
}

// Query is a page of a list: a filter, a sorting of whitelisted members, skip and limit.
type Query struct {
	Filter, Sorting string
	Skip, Limit     int
}

// ---- answers ----

// UnitRoleDto is a role of a unit.
type UnitRoleDto struct {
	ID        uuid.UUID `json:"id"`
	Name      string    `json:"name"`
	IsDefault bool      `json:"isDefault"`
	IsPublic  bool      `json:"isPublic"`
	IsStatic  bool      `json:"isStatic"`
}
