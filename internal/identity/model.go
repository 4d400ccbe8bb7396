// Package identity holds users, roles, their links and tenants: who may log in, where,
// with which password, and which roles they carry.
package identity

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// User is a person who logs in, in the host or in one tenant.
type User struct {
	bun.BaseModel `bun:"table:identity_users"`
	db.Entity
	UserName             string     `bun:"user_name,notnull" json:"userName"`
	NormalizedUserName   string     `bun:"normalized_user_name,notnull" json:"-"`
	Name                 string     `bun:"name,notnull,default:''" json:"name"`
	Surname              string     `bun:"surname,notnull,default:''" json:"surname"`
	Email                string     `bun:"email,notnull,default:''" json:"email"`
	NormalizedEmail      string     `bun:"normalized_email,notnull,default:''" json:"-"`
	EmailConfirmed       bool       `bun:"email_confirmed,notnull,default:false" json:"emailConfirmed"`
	PhoneNumber          string     `bun:"phone_number,notnull,default:''" json:"phoneNumber"`
	PhoneNumberConfirmed bool       `bun:"phone_number_confirmed,notnull,default:false" json:"phoneNumberConfirmed"`
	PasswordHash         string     `bun:"password_hash,notnull,default:''" json:"-" audit:"-"`
	SecurityStamp        string     `bun:"security_stamp,notnull,default:''" json:"-" audit:"-"`
	IsActive             bool       `bun:"is_active,notnull" json:"isActive"`
	LockoutEnabled       bool       `bun:"lockout_enabled,notnull" json:"lockoutEnabled"`
	LockoutEnd           *time.Time `bun:"lockout_end" json:"lockoutEnd"`
	AccessFailedCount    int        `bun:"access_failed_count,notnull,default:0" json:"accessFailedCount"`
	TwoFactorEnabled     bool       `bun:"two_factor_enabled,notnull,default:false" json:"twoFactorEnabled"`
	Gender               Gender     `bun:"gender,notnull,default:0" json:"gender"`
	// IsStatic marks the admin user seeded for each side (host, tenant): it cannot be deleted.
	IsStatic bool `bun:"is_static,notnull,default:false" json:"isStatic"`
}

// Gender of a user (spec 002 §3).
type Gender int

// Genders.
const (
	GenderMale   Gender = 0
	GenderFemale Gender = 1
	GenderOther  Gender = 2
)

// Role is a named set of permissions users carry.
type Role struct {
	bun.BaseModel `bun:"table:identity_roles"`
	db.Entity
	Name           string `bun:"name,notnull" json:"name"`
	NormalizedName string `bun:"normalized_name,notnull" json:"-"`
	IsDefault      bool   `bun:"is_default,notnull,default:false" json:"isDefault"`
	IsPublic       bool   `bun:"is_public,notnull" json:"isPublic"`
	IsStatic       bool   `bun:"is_static,notnull,default:false" json:"isStatic"`
}

// Booleans carry no SQL default: bun writes DEFAULT for a false value of a field that has
// one, so a default of true could never be stored as false.

// UserRole links a user to a role in the same tenant.
type UserRole struct {
	bun.BaseModel `bun:"table:identity_user_roles"`
	UserID        uuid.UUID  `bun:"user_id,pk,type:uuid"`
	RoleID        uuid.UUID  `bun:"role_id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
}

// Tenant is a customer company with its own users and data. Tenants are host rows.
type Tenant struct {
	bun.BaseModel `bun:"table:saas_tenants"`
	db.Entity
	Name           string `bun:"name,notnull" json:"name"`
	NormalizedName string `bun:"normalized_name,notnull" json:"-"`
	IsActive       bool   `bun:"is_active,notnull" json:"isActive"`
	// ActivationMessage is shown to the tenant's users by check-tenant when set.
	ActivationMessage string `bun:"activation_message,notnull,default:''" json:"activationMessage"`
	// EditionID is the tenant's edition (internal/saas; nil: none): its features' values.
	EditionID *uuid.UUID `bun:"edition_id,type:uuid" json:"editionId"`
}
