// Package oidc is Kerf's OAuth 2.0 / OpenID Connect server on fosite: the token endpoint
// (password, refresh_token, phone_verify, Impersonation, client_credentials and
// authorization_code with PKCE), its login page, clients stored as the identity-server
// screens edit them, the signing key, discovery, JWKS, userinfo, revocation, logout, and
// the Verifier that turns an access token into the request's principal.
package oidc

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Grant types.
const (
	GrantPassword          = "password"
	GrantRefreshToken      = "refresh_token"
	GrantPhoneVerify       = "phone_verify"
	GrantImpersonation     = "Impersonation"
	GrantClientCredentials = "client_credentials"
	GrantAuthorizationCode = "authorization_code"
)

// Scopes Kerf knows: the OpenID identity resources and the API scope.
const (
	ScopeOpenID        = "openid"
	ScopeProfile       = "profile"
	ScopeEmail         = "email"
	ScopePhone         = "phone"
	ScopeRole          = "role"
	ScopeOfflineAccess = "offline_access"
	ScopeAPI           = "kerf"
	// Audience is the "aud" of every access token: the Kerf API.
	Audience = "kerf"
)

// Token expiration and usage values (IdentityServer's enums, as the client screens show them).
const (
	RefreshSliding  = 0 // refreshTokenExpiration: each refresh extends up to the absolute lifetime
	RefreshAbsolute = 1 // refreshTokenExpiration: the absolute lifetime only
	RefreshReUse    = 0 // refreshTokenUsage (Kerf always rotates; kept for the screens)
	RefreshOneTime  = 1
	AccessTokenJwt  = 0 // accessTokenType
)

// Client is an application allowed to ask for tokens (spec 000 §3, IdentityServer's
// client). Clients are host rows. Booleans and enums have no SQL default: bun would
// write DEFAULT for a false or zero value, so every insert states them.
type Client struct {
	bun.BaseModel `bun:"table:identity_server_clients"`
	db.Entity
	ClientID                              string `bun:"client_id,notnull" json:"clientId"`
	ClientName                            string `bun:"client_name,notnull,default:''" json:"clientName"`
	Description                           string `bun:"description,notnull,default:''" json:"description"`
	ClientURI                             string `bun:"client_uri,notnull,default:''" json:"clientUri"`
	LogoURI                               string `bun:"logo_uri,notnull,default:''" json:"logoUri"`
	Enabled                               bool   `bun:"enabled,notnull" json:"enabled"`
	ProtocolType                          string `bun:"protocol_type,notnull,default:'oidc'" json:"protocolType"`
	RequireClientSecret                   bool   `bun:"require_client_secret,notnull" json:"requireClientSecret"`
	RequireConsent                        bool   `bun:"require_consent,notnull" json:"requireConsent"`
	AllowRememberConsent                  bool   `bun:"allow_remember_consent,notnull" json:"allowRememberConsent"`
	AlwaysIncludeUserClaimsInIDToken      bool   `bun:"always_include_user_claims_in_id_token,notnull" json:"alwaysIncludeUserClaimsInIdToken"`
	RequirePkce                           bool   `bun:"require_pkce,notnull" json:"requirePkce"`
	AllowPlainTextPkce                    bool   `bun:"allow_plain_text_pkce,notnull" json:"allowPlainTextPkce"`
	RequireRequestObject                  bool   `bun:"require_request_object,notnull" json:"requireRequestObject"`
	AllowAccessTokensViaBrowser           bool   `bun:"allow_access_tokens_via_browser,notnull" json:"allowAccessTokensViaBrowser"`
	FrontChannelLogoutURI                 string `bun:"front_channel_logout_uri,notnull,default:''" json:"frontChannelLogoutUri"`
	FrontChannelLogoutSessionRequired     bool   `bun:"front_channel_logout_session_required,notnull" json:"frontChannelLogoutSessionRequired"`
	BackChannelLogoutURI                  string `bun:"back_channel_logout_uri,notnull,default:''" json:"backChannelLogoutUri"`
	BackChannelLogoutSessionRequired      bool   `bun:"back_channel_logout_session_required,notnull" json:"backChannelLogoutSessionRequired"`
	AllowOfflineAccess                    bool   `bun:"allow_offline_access,notnull" json:"allowOfflineAccess"`
	IdentityTokenLifetime                 int    `bun:"identity_token_lifetime,notnull,default:300" json:"identityTokenLifetime"`
	AllowedIdentityTokenSigningAlgorithms string `bun:"allowed_identity_token_signing_algorithms,notnull,default:''" json:"allowedIdentityTokenSigningAlgorithms"`
	AccessTokenLifetime                   int    `bun:"access_token_lifetime,notnull,default:3600" json:"accessTokenLifetime"`
	AuthorizationCodeLifetime             int    `bun:"authorization_code_lifetime,notnull,default:300" json:"authorizationCodeLifetime"`
	ConsentLifetime                       *int   `bun:"consent_lifetime" json:"consentLifetime"`
	AbsoluteRefreshTokenLifetime          int    `bun:"absolute_refresh_token_lifetime,notnull,default:2592000" json:"absoluteRefreshTokenLifetime"`
	SlidingRefreshTokenLifetime           int    `bun:"sliding_refresh_token_lifetime,notnull,default:1296000" json:"slidingRefreshTokenLifetime"`
	RefreshTokenUsage                     int    `bun:"refresh_token_usage,notnull" json:"refreshTokenUsage"`
	UpdateAccessTokenClaimsOnRefresh      bool   `bun:"update_access_token_claims_on_refresh,notnull" json:"updateAccessTokenClaimsOnRefresh"`
	RefreshTokenExpiration                int    `bun:"refresh_token_expiration,notnull" json:"refreshTokenExpiration"`
	AccessTokenType                       int    `bun:"access_token_type,notnull" json:"accessTokenType"`
	EnableLocalLogin                      bool   `bun:"enable_local_login,notnull" json:"enableLocalLogin"`
	IncludeJwtID                          bool   `bun:"include_jwt_id,notnull" json:"includeJwtId"`
	AlwaysSendClientClaims                bool   `bun:"always_send_client_claims,notnull" json:"alwaysSendClientClaims"`
	ClientClaimsPrefix                    string `bun:"client_claims_prefix,notnull,default:'client_'" json:"clientClaimsPrefix"`
	PairWiseSubjectSalt                   string `bun:"pair_wise_subject_salt,notnull,default:''" json:"pairWiseSubjectSalt"`
	UserSsoLifetime                       *int   `bun:"user_sso_lifetime" json:"userSsoLifetime"`
	UserCodeType                          string `bun:"user_code_type,notnull,default:''" json:"userCodeType"`
	DeviceCodeLifetime                    int    `bun:"device_code_lifetime,notnull,default:300" json:"deviceCodeLifetime"`
}

// The client's lists, one table each (IdentityServer's ClientGrantTypes, ClientScopes, ...).

// ClientGrantType is one allowed grant type.
type ClientGrantType struct {
	bun.BaseModel `bun:"table:identity_server_client_grant_types"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	GrantType     string    `bun:"grant_type,pk" json:"grantType"`
}

// ClientScope is one allowed scope.
type ClientScope struct {
	bun.BaseModel `bun:"table:identity_server_client_scopes"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	Scope         string    `bun:"scope,pk" json:"scope"`
}

// ClientSecret is one secret; Value is the base64 SHA-256 of the secret, as
// IdentityServer stores shared secrets.
type ClientSecret struct {
	bun.BaseModel `bun:"table:identity_server_client_secrets"`
	ClientID      uuid.UUID  `bun:"client_id,pk,type:uuid" json:"clientId"`
	Type          string     `bun:"type,pk" json:"type"`
	Value         string     `bun:"value,pk" json:"value"`
	Description   string     `bun:"description,notnull,default:''" json:"description"`
	Expiration    *time.Time `bun:"expiration" json:"expiration"`
}

// ClientRedirectURI is one allowed redirect URI of the authorization-code flow.
type ClientRedirectURI struct {
	bun.BaseModel `bun:"table:identity_server_client_redirect_uris"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	RedirectURI   string    `bun:"redirect_uri,pk" json:"redirectUri"`
}

// ClientPostLogoutRedirectURI is one allowed post-logout redirect URI.
type ClientPostLogoutRedirectURI struct {
	bun.BaseModel         `bun:"table:identity_server_client_post_logout_redirect_uris"`
	ClientID              uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	PostLogoutRedirectURI string    `bun:"post_logout_redirect_uri,pk" json:"postLogoutRedirectUri"`
}

// ClientCorsOrigin is one origin allowed to call the token endpoint from a browser.
type ClientCorsOrigin struct {
	bun.BaseModel `bun:"table:identity_server_client_cors_origins"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	Origin        string    `bun:"origin,pk" json:"origin"`
}

// ClientIdPRestriction limits the external identity providers of a client.
type ClientIdPRestriction struct {
	bun.BaseModel `bun:"table:identity_server_client_idp_restrictions"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	Provider      string    `bun:"provider,pk" json:"provider"`
}

// ClientClaim is a claim added to the client's tokens.
type ClientClaim struct {
	bun.BaseModel `bun:"table:identity_server_client_claims"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	Type          string    `bun:"type,pk" json:"type"`
	Value         string    `bun:"value,pk" json:"value"`
}

// ClientProperty is a free key/value of a client.
type ClientProperty struct {
	bun.BaseModel `bun:"table:identity_server_client_properties"`
	ClientID      uuid.UUID `bun:"client_id,pk,type:uuid" json:"clientId"`
	Key           string    `bun:"key,pk" json:"key"`
	Value         string    `bun:"value,notnull,default:''" json:"value"`
}

// tokenRow is one issued token, code or code-bound request, by its signature. Rows hold
// the serialised fosite request; FamilyID is fosite's request id, shared by every token
// that descends from one login.
type tokenRow struct {
	bun.BaseModel   `bun:"table:oidc_tokens"`
	Signature       string    `bun:"signature,pk"`
	Kind            string    `bun:"kind,pk"` // a code's PKCE and OIDC requests share its signature
	FamilyID        string    `bun:"family_id,notnull"`
	ClientID        string    `bun:"client_id,notnull"`
	Subject         string    `bun:"subject,notnull,default:''"`
	Active          bool      `bun:"active,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull"`
	ExpiresAt       time.Time `bun:"expires_at,notnull"`
	AccessSignature string    `bun:"access_signature,notnull,default:''"`
	Data            string    `bun:"data,notnull"`
}

// familyRow is one login's chain of tokens. Revoking it ends every token of the chain:
// refresh tokens at once, access tokens as soon as verifiers notice (see Verifier).
type familyRow struct {
	bun.BaseModel `bun:"table:oidc_token_families"`
	ID            string     `bun:"id,pk"`
	ClientID      string     `bun:"client_id,notnull"`
	Subject       string     `bun:"subject,notnull,default:''"`
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
	RevokedAt     *time.Time `bun:"revoked_at"`
	RevokeReason  string     `bun:"revoke_reason,notnull,default:''"`
}

// Token kinds in oidc_tokens.
const (
	kindAccess  = "access"
	kindRefresh = "refresh"
	kindCode    = "code"
	kindPKCE    = "pkce"
	kindOIDC    = "oidc"
)
