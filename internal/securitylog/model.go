// Package securitylog records who logged in, failed to, logged out, refreshed a session,
// impersonated someone or was locked out (ABP's identity security log), and lets
// administrators read and delete those rows.
package securitylog

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Actions written by Kerf (ABP's IdentitySecurityLogActionConsts plus the token ones).
const (
	ActionLoginSucceeded                 = "LoginSucceeded"
	ActionLoginFailed                    = "LoginFailed"
	ActionLoginInvalidUserName           = "LoginInvalidUserName"
	ActionLoginInvalidUserNameOrPassword = "LoginInvalidUserNameOrPassword"
	ActionLoginLockedout                 = "LoginLockedout"
	ActionLoginNotAllowed                = "LoginNotAllowed"
	ActionLogout                         = "Logout"
	ActionRefreshToken                   = "RefreshToken"
	ActionRefreshTokenReused             = "RefreshTokenReused"
	ActionImpersonateUser                = "ImpersonateUser"
	ActionImpersonateTenant              = "ImpersonateTenant"
	ActionBackToImpersonator             = "BackToImpersonator"
	ActionImpersonationDenied            = "ImpersonationDenied"
	ActionChangePassword                 = "ChangePassword"
)

// Identities (where the event came from).
const (
	IdentityToken    = "IdentityServer" // the /connect endpoints
	IdentityAccount  = "Identity"       // account operations
	ApplicationName  = "Kerf"
	maxBrowserLength = 512
)

// Log is one security event. Rows belong to the tenant the event happened in.
type Log struct {
	bun.BaseModel   `bun:"table:identity_security_logs"`
	ID              uuid.UUID      `bun:"id,pk,type:uuid" json:"id"`
	TenantID        *uuid.UUID     `bun:"tenant_id,type:uuid" json:"tenantId"`
	ApplicationName string         `bun:"application_name,notnull,default:''" json:"applicationName"`
	Identity        string         `bun:"identity,notnull,default:''" json:"identity"`
	Action          string         `bun:"action,notnull,default:''" json:"action"`
	UserID          *uuid.UUID     `bun:"user_id,type:uuid" json:"userId"`
	UserName        string         `bun:"user_name,notnull,default:''" json:"userName"`
	TenantName      string         `bun:"tenant_name,notnull,default:''" json:"tenantName"`
	ClientID        string         `bun:"client_id,notnull,default:''" json:"clientId"`
	CorrelationID   string         `bun:"correlation_id,notnull,default:''" json:"correlationId"`
	ClientIPAddress string         `bun:"client_ip_address,notnull,default:''" json:"clientIpAddress"`
	BrowserInfo     string         `bun:"browser_info,notnull,default:''" json:"browserInfo"`
	CreationTime    time.Time      `bun:"creation_time,notnull" json:"creationTime"`
	ExtraProperties map[string]any `bun:"extra_properties,type:text,json_use_number" json:"extraProperties"`
}
