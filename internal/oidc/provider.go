package oidc

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/handler/pkce"
	"github.com/ory/fosite/token/hmac"
	"github.com/ory/fosite/token/jwt"
)

// config is fosite's configuration with the values Kerf decides per request: the issuer
// (the address the client called), the authorization-code lifetime (the client's) and the
// HMAC secret (the database's, read through the keyring).
type config struct {
	*fosite.Config
	keys *keyring
}

// GetGlobalSecret is the HMAC secret of refresh tokens and codes, kept with the keys.
func (c config) GetGlobalSecret(ctx context.Context) ([]byte, error) {
	s, err := c.keys.current(ctx)
	if err != nil {
		return nil, err
	}
	return s.hmac, nil
}

func (c config) GetIDTokenIssuer(ctx context.Context) string     { return issuerFrom(ctx) }
func (c config) GetAccessTokenIssuer(ctx context.Context) string { return issuerFrom(ctx) }
func (c config) GetAuthorizeCodeLifespan(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(codeLifespanKey{}).(time.Duration); ok && d > 0 {
		return d
	}
	return c.Config.GetAuthorizeCodeLifespan(ctx)
}

type (
	issuerKey       struct{}
	codeLifespanKey struct{}
	requestKey      struct{}
	outcomeKey      struct{}
	reasonKey       struct{}
)

// issuerOf is the issuer for requests reaching the server as r did: its scheme and host,
// honouring a reverse proxy's X-Forwarded-Proto and X-Forwarded-Host.
func issuerOf(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if p := r.Header.Get("X-Forwarded-Proto"); p == "https" || p == "http" {
		scheme = p
	}
	host := r.Host
	if h := r.Header.Get("X-Forwarded-Host"); h != "" {
		host = strings.TrimSpace(strings.Split(h, ",")[0])
	}
	return scheme + "://" + host
}

func withRequest(ctx context.Context, r *http.Request) context.Context {
	ctx = context.WithValue(ctx, issuerKey{}, issuerOf(r))
	return context.WithValue(ctx, requestKey{}, r)
}

func issuerFrom(ctx context.Context) string {
	s, _ := ctx.Value(issuerKey{}).(string)
	return s
}

func requestFrom(ctx context.Context) *http.Request {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	return r
}

// outcome collects what a token request did, for its security log row, which the
// endpoint writes once the answer is known.
type outcome struct {
	action     string
	userID     *uuid.UUID
	userName   string
	tenantID   *uuid.UUID
	tenantName string
	clientID   string
	extra      map[string]any
	// other is the same event seen from the other user it concerns (the impersonated user of
	// an impersonation), written as a row of its own when the request succeeds.
	other *outcome
}

func withOutcome(ctx context.Context) (context.Context, *outcome) {
	o := &outcome{extra: map[string]any{}}
	return context.WithValue(ctx, outcomeKey{}, o), o
}

func outcomeFrom(ctx context.Context) *outcome {
	o, _ := ctx.Value(outcomeKey{}).(*outcome)
	return o
}

// set records the event and whose it was.
func (o *outcome) set(action string, sess *Session) {
	if o == nil {
		return
	}
	o.action = action
	if sess != nil {
		if id := sess.userID(); id != uuid.Nil {
			o.userID = &id
		}
		o.userName, o.tenantID, o.tenantName = sess.UserName, sess.TenantID, sess.TenantName
	}
}

// reuse records that a spent refresh token came back.
func (o *outcome) reuse(sess *Session, clientID string) {
	if o == nil {
		return
	}
	o.set(actionRefreshTokenReused, sess)
	o.clientID = clientID
}

func withReason(ctx context.Context, reason string) context.Context {
	return context.WithValue(ctx, reasonKey{}, reason)
}

func reasonFrom(ctx context.Context) string {
	if s, ok := ctx.Value(reasonKey{}).(string); ok {
		return s
	}
	return "revoked"
}

// newProvider composes fosite with Kerf's storage, strategies and grant handlers.
func (m *Module) newProvider(k *keyring) fosite.OAuth2Provider {
	fc := &fosite.Config{
		AccessTokenLifespan:         time.Hour,
		RefreshTokenLifespan:        30 * 24 * time.Hour,
		AuthorizeCodeLifespan:       5 * time.Minute,
		IDTokenLifespan:             5 * time.Minute,
		ClientSecretsHasher:         secretHasher{},
		ScopeStrategy:               fosite.ExactScopeStrategy,
		AudienceMatchingStrategy:    fosite.DefaultAudienceMatchingStrategy,
		RefreshTokenScopes:          []string{ScopeOfflineAccess},
		EnforcePKCEForPublicClients: true,
		MinParameterEntropy:         fosite.MinParameterEntropy,
		SanitationWhiteList:         []string{"redirect_uri", "nonce", "code_challenge", "code_challenge_method"},
	}
	cfg := config{Config: fc, keys: k}
	hm := oauth2.NewHMACSHAStrategyUnPrefixed(&hmac.HMACStrategy{Config: cfg}, cfg)
	st := newStrategy(k, hm, m.now)
	m.strategy = st
	idStrategy := &openid.DefaultStrategy{Signer: &jwt.DefaultSigner{GetPrivateKey: func(ctx context.Context) (interface{}, error) {
		key, err := k.signing(ctx)
		if err != nil {
			return nil, err
		}
		return key.private, nil
	}}, Config: cfg}
	idHelper := &openid.IDTokenHandleHelper{IDTokenStrategy: idStrategy}
	m.idHelper = idHelper
	helper := &oauth2.HandleHelper{AccessTokenStrategy: st, AccessTokenStorage: m.store, Config: cfg}
	validator := openid.NewOpenIDConnectRequestValidator(idStrategy.Signer, cfg)

	explicit := &oauth2.AuthorizeExplicitGrantHandler{AccessTokenStrategy: st, RefreshTokenStrategy: st,
		AuthorizeCodeStrategy: st, CoreStorage: m.store, TokenRevocationStorage: m.store, Config: cfg}
	fc.AuthorizeEndpointHandlers.Append(explicit)
	fc.TokenEndpointHandlers.Append(explicit)
	fc.TokenEndpointHandlers.Append(&oauth2.ClientCredentialsGrantHandler{HandleHelper: helper, Config: cfg})
	fc.TokenEndpointHandlers.Append(ccScopes{})
	fc.TokenEndpointHandlers.Append(&oauth2.RefreshTokenGrantHandler{AccessTokenStrategy: st, RefreshTokenStrategy: st,
		TokenRevocationStorage: m.store, Config: cfg})
	fc.TokenEndpointHandlers.Append(&refreshCheck{m: m})
	fc.TokenEndpointHandlers.Append(&userGrant{m: m, helper: helper, refresh: st, config: cfg})
	oidcExplicit := &openid.OpenIDConnectExplicitHandler{OpenIDConnectRequestStorage: m.store, IDTokenHandleHelper: idHelper,
		OpenIDConnectRequestValidator: validator, Config: cfg}
	fc.AuthorizeEndpointHandlers.Append(oidcExplicit)
	fc.TokenEndpointHandlers.Append(oidcExplicit)
	fc.TokenEndpointHandlers.Append(&openid.OpenIDConnectRefreshHandler{IDTokenHandleHelper: idHelper, Config: cfg})
	pk := &pkce.Handler{AuthorizeCodeStrategy: st, Storage: m.store, Config: cfg}
	fc.AuthorizeEndpointHandlers.Append(pk)
	fc.TokenEndpointHandlers.Append(pk)
	fc.RevocationHandlers.Append(&oauth2.TokenRevocationHandler{TokenRevocationStorage: m.store,
		AccessTokenStrategy: st, RefreshTokenStrategy: st})
	return fosite.NewOAuth2Provider(m.store, cfg)
}
