// Package wechat binds users to WeChat accounts and signs them in with one (spec 000 §2, the
// navbar's WeChat official-account dialog; spec 002 §2.1 and §7.3, /auth-redirect and the
// /api/wechat calls). A Provider shows the QR code and exchanges the code WeChat sends back for
// the account's open id: the WeChat open platform's, or, with no official-account app id set,
// the development provider, whose QR code points at Kerf's own /auth-redirect page so the whole
// flow runs on one machine (docs/decisions/0014, "WeChat and /auth-redirect").
package wechat

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Purposes of a QR code's state.
const (
	PurposeBind  = "bind"  // the current user binds the WeChat account that scans
	PurposeLogin = "login" // whoever scans signs in as the user bound to that account
)

// StateLifetime is how long a QR code's state may be used (once).
const StateLifetime = 5 * time.Minute

// Binding ties a user to a WeChat account (its open id) within one tenant: an open id is bound
// to at most one user of a tenant, a user to at most one open id.
type Binding struct {
	bun.BaseModel `bun:"table:wechat_bindings"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID        uuid.UUID  `bun:"user_id,notnull,type:uuid"`
	OpenID        string     `bun:"open_id,notnull"`
	NickName      string     `bun:"nick_name,notnull"`
	CreationTime  time.Time  `bun:"creation_time,notnull"`
}

// State is the state of one QR code: single use, short-lived, kept in the database so that
// whichever replica receives the redirect finds it. Only its SHA-256 is stored.
type State struct {
	bun.BaseModel `bun:"table:wechat_states"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	StateHash     string     `bun:"state_hash,notnull"`
	Purpose       string     `bun:"purpose,notnull"`
	UserID        *uuid.UUID `bun:"user_id,type:uuid"` // the binding user; nil for a sign-in
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
}

// BindState is what check-bind answers: whether the current user has a WeChat account bound.
type BindState struct {
	IsBind   bool   `json:"isBind"`
	NickName string `json:"nickName"`
}

// QRCode is what qrcode answers: the address to show as a QR code (development) or to open
// (WeChat's own QR page), the state it carries and how long it may be used.
type QRCode struct {
	URL       string `json:"url" doc:"Development: Kerf's /auth-redirect address to show as a QR code; wechat: WeChat's QR login page to open"`
	State     string `json:"state"`
	ExpiresIn int    `json:"expiresIn" doc:"Seconds the state may be used"`
	Provider  string `json:"provider" enum:"development,wechat"`
}

// SignInOptions tells the login page whether to offer "sign in with WeChat".
type SignInOptions struct {
	Enabled  bool   `json:"enabled"`
	Provider string `json:"provider" enum:"development,wechat"`
}
