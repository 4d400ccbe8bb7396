package claimtypes

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// ValueType is what a claim of a type holds (spec 002 §3: String 0, Int 1, Boolean 2,
// DateTime 3); a value is checked against it when it is saved.
type ValueType int

// Value types.
const (
	ValueString   ValueType = 0
	ValueInt      ValueType = 1
	ValueBoolean  ValueType = 2
	ValueDateTime ValueType = 3
)

// Limits of a claim type and a claim (ABP's IdentityClaimTypeConsts and IdentityUserClaimConsts).
const (
	MaxName             = 256
	MaxRegex            = 512
	MaxRegexDescription = 128
	MaxDescription      = 256
	MaxClaimValue       = 1024
	// MaxClaims is how many claims one user or role may be given in one PUT.
	MaxClaims = 1000
)

// ---- rows ----

// ClaimType is a kind of claim a tenant's users and roles may carry: its name (unique among
// the tenant's live types), what its values hold, whether a value must be given, and a
// regular expression values must match. Static types come with Kerf (seeded per side): they
// cannot be renamed or deleted.
type ClaimType struct {
	bun.BaseModel `bun:"table:identity_claim_types,alias:ct"`
	db.Entity
	Name             string    `bun:"name,notnull" json:"name"`
	IsStatic         bool      `bun:"is_static,notnull" json:"isStatic" doc:"Seeded with Kerf: cannot be renamed or deleted"`
	ValueType        ValueType `bun:"value_type,notnull" json:"valueType" enum:"0,1,2,3" doc:"String 0, Int 1, Boolean 2, DateTime 3"`
	Required         bool      `bun:"required,notnull" json:"required" doc:"A claim of this type must have a value"`
	Regex            string    `bun:"regex,notnull" json:"regex" doc:"A regular expression (RE2 syntax) values must match somewhere; empty: none"`
	RegexDescription string    `bun:"regex_description,notnull" json:"regexDescription" doc:"What the regex asks for, shown when a value does not match"`
	Description      string    `bun:"description,notnull" json:"description"`
}

// UserClaim is one claim of a user: a type's name and a value.
type UserClaim struct {
	bun.BaseModel `bun:"table:identity_user_claims,alias:uc"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID        uuid.UUID  `bun:"user_id,notnull,type:uuid"`
	ClaimType     string     `bun:"claim_type,notnull"`
	ClaimValue    string     `bun:"claim_value,notnull"`
}

// RoleClaim is one claim of a role.
type RoleClaim struct {
	bun.BaseModel `bun:"table:identity_role_claims,alias:rc"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	RoleID        uuid.UUID  `bun:"role_id,notnull,type:uuid"`
	ClaimType     string     `bun:"claim_type,notnull"`
	ClaimValue    string     `bun:"claim_value,notnull"`
}

// ---- inputs ----

// ClaimTypeFieldsInput are the editable fields of a claim type.
type ClaimTypeFieldsInput struct {
	Name             string    `json:"name" minLength:"1" maxLength:"256" doc:"Unique among the tenant's claim types; a static type's name cannot change"`
	ValueType        ValueType `json:"valueType,omitempty" enum:"0,1,2,3" doc:"String 0 (default), Int 1, Boolean 2, DateTime 3"`
	Required         bool      `json:"required,omitempty"`
	Regex            string    `json:"regex,omitempty" maxLength:"512" doc:"A regular expression (RE2 syntax) values must match; one that does not compile is refused"`
	RegexDescription string    `json:"regexDescription,omitempty" maxLength:"128"`
	Description      string    `json:"description,omitempty" maxLength:"256"`
}

// CreateClaimTypeInput is a new claim type (never static: static types come with Kerf).
type CreateClaimTypeInput struct {
	ClaimTypeFieldsInput
}

// UpdateClaimTypeInput replaces a claim type's fields.
type UpdateClaimTypeInput struct {
	ClaimTypeFieldsInput
	// ConcurrencyStamp is the stamp the client read; a stale one answers 409, none skips the check.
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// ClaimInput is one claim to give a user or a role.
type ClaimInput struct {
	ClaimType  string `json:"claimType" minLength:"1" maxLength:"256" doc:"The name of one of the tenant's claim types"`
	ClaimValue string `json:"claimValue,omitempty" maxLength:"1024" doc:"Checked against the type: required, value type, regex"`
}

// Query is a page of a list: a filter, a sorting of whitelisted members, skip and limit.
type Query struct {
	Filter, Sorting string
	Skip, Limit     int
}

// ---- answers ----

// Claim is one claim of a user or a role, as the claims endpoints answer it.
type Claim struct {
	ClaimType  string `json:"claimType"`
	ClaimValue string `json:"claimValue"`
}

// ClaimTypeDto is a claim type as the users' and roles' all-claim-types lists show it (ABP's
// ClaimTypeDto).
type ClaimTypeDto struct {
	ID                uuid.UUID `json:"id"`
	Name              string    `json:"name"`
	IsStatic          bool      `json:"isStatic"`
	ValueType         ValueType `json:"valueType" enum:"0,1,2,3" doc:"String 0, Int 1, Boolean 2, DateTime 3"`
	ValueTypeAsString string    `json:"valueTypeAsString" enum:"String,Int,Boolean,DateTime"`
	Required          bool      `json:"required"`
	Regex             string    `json:"regex"`
	RegexDescription  string    `json:"regexDescription"`
	Description       string    `json:"description"`
}

// String is the value type's name (ABP's IdentityClaimValueType).
func (v ValueType) String() string {
	switch v {
	case ValueString:
		return "String"
	case ValueInt:
		return "Int"
	case ValueBoolean:
		return "Boolean"
	case ValueDateTime:
		return "DateTime"
	}
	return ""
}

func dto(t ClaimType) ClaimTypeDto {
	return ClaimTypeDto{ID: t.ID, Name: t.Name, IsStatic: t.IsStatic, ValueType: t.ValueType, ValueTypeAsString: t.ValueType.String(),
		Required: t.Required, Regex: t.Regex, RegexDescription: t.RegexDescription, Description: t.Description}
}
