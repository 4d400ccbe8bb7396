// Package saas is the host's administration of tenants and editions (spec 002 §2.4, §7.6;
// docs/decisions/0014): editions group feature values, tenants are created with their
// administrator and everything a tenant needs to work, changed, deactivated and deleted.
// The identity area keeps the saas_tenants table, its cache and the logins; this area owns
// saas_editions and the rules.
package saas

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Field limits (ABP's).
const (
	MaxEditionName       = 64
	MaxTenantName        = 64
	MaxActivationMessage = 256
	MaxEmail             = 256
	MaxPassword          = 128
)

// Edition is a named set of feature values tenants share (provider E). Editions are host rows.
type Edition struct {
	bun.BaseModel `bun:"table:saas_editions"`
	db.Entity
	DisplayName           string `bun:"display_name,notnull"`
	NormalizedDisplayName string `bun:"normalized_display_name,notnull"`
}

// EditionDto is an edition as the API answers it.
type EditionDto struct {
	ID               uuid.UUID `json:"id"`
	DisplayName      string    `json:"displayName"`
	CreationTime     time.Time `json:"creationTime"`
	ConcurrencyStamp string    `json:"concurrencyStamp"`
}

func editionDto(e *Edition) EditionDto {
	return EditionDto{ID: e.ID, DisplayName: e.DisplayName, CreationTime: e.CreationTime.UTC(), ConcurrencyStamp: e.ConcurrencyStamp}
}

// CreateEditionInput is the body of POST /api/saas/editions.
type CreateEditionInput struct {
	DisplayName string `json:"displayName" maxLength:"64" doc:"Unique without regard to case"`
}

// UpdateEditionInput is the body of PUT /api/saas/editions/{id}.
type UpdateEditionInput struct {
	DisplayName      string `json:"displayName" maxLength:"64" doc:"Unique without regard to case"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409"`
}

// TenantDto is a tenant as the API answers it.
type TenantDto struct {
	ID                uuid.UUID  `json:"id"`
	Name              string     `json:"name"`
	EditionID         *uuid.UUID `json:"editionId"`
	EditionName       *string    `json:"editionName"`
	IsActive          bool       `json:"isActive"`
	ActivationMessage string     `json:"activationMessage"`
	CreationTime      time.Time  `json:"creationTime"`
	ConcurrencyStamp  string     `json:"concurrencyStamp"`
}

// CreateTenantInput is the body of POST /api/saas/tenants: the tenant and its first
// administrator (user name admin).
type CreateTenantInput struct {
	Name              string     `json:"name" maxLength:"64" doc:"Letters, digits and - _ . ; unique without regard to case"`
	EditionID         *uuid.UUID `json:"editionId,omitempty" doc:"Absent, null or the all-zero id: no edition"`
	AdminEmailAddress string     `json:"adminEmailAddress" maxLength:"256"`
	AdminPassword     string     `json:"adminPassword" maxLength:"128" doc:"Checked against the password rules (settings Abp.Identity.Password.*)"`
	IsActive          *bool      `json:"isActive,omitempty" doc:"Absent: active"`
	ActivationMessage string     `json:"activationMessage,omitempty" maxLength:"256" doc:"Shown to the tenant's users by check-tenant"`
}

// UpdateTenantInput is the body of PUT /api/saas/tenants/{id}: the tenant's name, edition,
// state and activation message as the edit dialog shows them.
type UpdateTenantInput struct {
	Name              string     `json:"name" maxLength:"64" doc:"Letters, digits and - _ . ; unique without regard to case"`
	EditionID         *uuid.UUID `json:"editionId,omitempty" doc:"Absent, null or the all-zero id: no edition"`
	IsActive          *bool      `json:"isActive,omitempty" doc:"Absent: unchanged"`
	ActivationMessage string     `json:"activationMessage,omitempty" maxLength:"256"`
	ConcurrencyStamp  string     `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409"`
}

// Query is a list request.
type Query struct {
	Filter  string
	Sorting string
	Skip    int
	Limit   int
}
