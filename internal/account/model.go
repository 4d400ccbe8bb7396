// Package account holds what users do about their own account without an
// administrator: ask for an SMS code to sign in, register or reset a password, and
// change their password. Codes are kept here; the OIDC area checks sign-in codes.
package account

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Purposes of a phone code (spec 002 §3).
const (
	PurposeRegister      = 0
	PurposeSignin        = 10
	PurposeResetPassword = 20
)

// Security log actions of this area (besides securitylog.ActionChangePassword).
const (
	ActionRegister      = "Register"
	ActionResetPassword = "ResetPassword"
)

// Rules of phone codes.
const (
	CodeLifetime   = 5 * time.Minute
	MaxCodeTries   = 5
	ResendInterval = time.Minute
	codeDigits     = 6
)

// PhoneCode is one code sent to a phone, stored as a hash.
type PhoneCode struct {
	bun.BaseModel `bun:"table:account_phone_codes"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	PhoneNumber   string     `bun:"phone_number,notnull"`
	Purpose       int        `bun:"purpose,notnull"`
	CodeHash      string     `bun:"code_hash,notnull"`
	Tries         int        `bun:"tries,notnull,default:0"`
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
	// UsedAt is set when the code was used, replaced by a newer one or ran out of tries.
	UsedAt *time.Time `bun:"used_at"`
}
