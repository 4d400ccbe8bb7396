package oidc

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"
	"github.com/ory/fosite"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
	"kerf/internal/securitylog"
)

// Grant types the token endpoint answers; any other is unsupported_grant_type.
var knownGrants = []string{GrantPassword, GrantRefreshToken, GrantPhoneVerify, GrantImpersonation,
	GrantClientCredentials, GrantAuthorizationCode, GrantWeChat}

func (m *Module) register(api *httpapi.API) {
	api.Handle(http.MethodPost, "/connect/token", "OAuth 2.0 token endpoint (form-encoded): password, refresh_token, "+
		"phone_verify, Impersonation, client_credentials, authorization_code, wechat", httpapi.Public(), m.token)
	api.Handle(http.MethodPost, "/connect/revocation", "OAuth 2.0 token revocation (RFC 7009); ends the token's whole login",
		httpapi.Public(), m.revoke)
	api.Handle(http.MethodGet, "/connect/userinfo", "OpenID Connect userinfo of the bearer token's user", httpapi.LoggedIn(), m.userinfo)
	api.Handle(http.MethodPost, "/connect/userinfo", "OpenID Connect userinfo (POST form)", httpapi.LoggedIn(), m.userinfo)
	api.Handle(http.MethodGet, "/connect/authorize", "OpenID Connect authorization endpoint: Kerf's login page", httpapi.Public(), m.authorize)
	api.Handle(http.MethodPost, "/connect/authorize", "Login page submission of the authorization endpoint", httpapi.Public(), m.authorize)
	api.Handle(http.MethodGet, "/.well-known/openid-configuration", "OpenID Connect discovery document", httpapi.Public(), m.discovery)
	api.Handle(http.MethodGet, "/.well-known/openid-configuration/jwks", "JSON Web Key Set of the token signing key", httpapi.Public(), m.jwks)
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/userlogin/logout/{token}", DefaultStatus: http.StatusNoContent,
		Summary: "Log out: ends the login of the given refresh token (or, with a client id, the caller's own login)",
		Tags:    []string{"account"}, Middlewares: huma.Middlewares{withHTTPRequest}}, httpapi.Public(), m.logout)
	m.registerOffline(api)
}

// token is POST /connect/token.
func (m *Module) token(w http.ResponseWriter, r *http.Request) {
	ctx := withRequest(r.Context(), r)
	ctx, o := withOutcome(ctx)
	grant := strings.TrimSpace(r.PostFormValue("grant_type"))
	if ok, wait, err := m.ipLimit.Reserve(ctx, "ip|"+audit.ClientIP(r)); err != nil {
		m.writeError(ctx, w, grant, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error()))
		return
	} else if !ok {
		m.writeTooFast(ctx, w, wait)
		return
	}
	if grant != "" && !slices.Contains(knownGrants, grant) {
		m.writeError(ctx, w, grant, fosite.ErrUnsupportedGrantType)
		return
	}
	ar, err := m.provider.NewAccessRequest(ctx, r, newSession())
	var resp fosite.AccessResponder
	if err == nil {
		resp, err = m.provider.NewAccessResponse(ctx, ar)
	}
	clientID := r.PostFormValue("client_id")
	if ar != nil && ar.GetClient() != nil {
		clientID = ar.GetClient().GetID()
	}
	if err != nil {
		o.other = nil // the other user's row only for what happened
	}
	m.log(ctx, r, o, clientID, grant)
	if err != nil {
		m.writeError(ctx, w, grant, err)
		return
	}
	body := resp.ToMap()
	body["token_type"] = "Bearer"
	if exp := ar.GetSession().GetExpiresAt(fosite.AccessToken); !exp.IsZero() {
		body["expires_in"] = int64(math.Round(exp.Sub(m.now()).Seconds())) // on Kerf's clock, as the token's exp
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	httpapi.WriteJSON(w, http.StatusOK, body)
}

// log writes the security log row of a token request, if it did something worth one.
func (m *Module) log(ctx context.Context, r *http.Request, o *outcome, clientID, grant string) {
	if o == nil || o.action == "" || m.deps.SecurityLog == nil {
		return
	}
	if o.clientID != "" {
		clientID = o.clientID
	}
	if grant != "" {
		o.extra["grantType"] = grant
	}
	m.deps.SecurityLog.Write(ctx, securitylog.Event{Identity: securitylog.IdentityToken, Action: o.action,
		UserID: o.userID, UserName: o.userName, TenantID: o.tenantID, TenantName: o.tenantName,
		ClientID: clientID, Request: r, Extra: o.extra})
	if o.other != nil {
		m.log(ctx, r, o.other, clientID, grant)
	}
}

// revoke is POST /connect/revocation: the token's whole login ends.
func (m *Module) revoke(w http.ResponseWriter, r *http.Request) {
	ctx := withReason(withRequest(r.Context(), r), "revoked by the client")
	token := r.PostFormValue("token")
	family, sess := m.familyOf(ctx, token)
	wasActive := false
	if family != "" {
		wasActive, _ = m.store.familyActive(ctx, family)
	}
	err := m.provider.NewRevocationRequest(ctx, r)
	if err != nil && (errors.Is(err, fosite.ErrInvalidRequest) || errors.Is(err, fosite.ErrInvalidClient)) {
		m.writeError(ctx, w, "", err)
		return
	}
	if wasActive {
		if active, _ := m.store.familyActive(ctx, family); !active {
			m.logLogout(ctx, r, sess, r.PostFormValue("client_id"))
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}

// familyOf finds the login a refresh or access token belongs to.
func (m *Module) familyOf(ctx context.Context, token string) (string, *Session) {
	if token == "" {
		return "", nil
	}
	if strings.Count(token, ".") == 2 { // an access token
		c, err := m.strategy.parse(ctx, token)
		if c == nil || (err != nil && !errors.Is(err, errTokenExpired)) {
			return "", nil
		}
		s := &Session{Subject: c.Subject, UserName: c.PreferredUserName}
		if id, err := uuid.Parse(c.TenantID); err == nil {
			s.TenantID = &id
		}
		return c.SessionID, s
	}
	family, sess, err := m.store.familyOfRefreshToken(ctx, m.strategy.RefreshTokenSignature(ctx, token))
	if err != nil {
		return "", nil
	}
	return family, sess
}

func (m *Module) logLogout(ctx context.Context, r *http.Request, sess *Session, clientID string) {
	if m.deps.SecurityLog == nil || sess == nil {
		return
	}
	o := &outcome{extra: map[string]any{}}
	o.set(actionLogout, sess)
	if o.tenantID != nil && o.tenantName == "" {
		if t, err := m.deps.Identity.GetTenant(ctx, *o.tenantID); err == nil {
			o.tenantName = t.Name
		}
	}
	m.log(ctx, r, o, clientID, "")
}

type logoutInput struct {
	Token string `path:"token" doc:"The refresh token of the login to end; a client id (e.g. kerf-web) ends the caller's own login"`
}

// logout is POST /api/userlogin/logout/{token}. It needs no valid access token: the
// refresh token proves the login. With a client id instead, the caller's own login
// (the bearer token's) ends. Unknown tokens are ignored, so logging out twice is fine.
func (m *Module) logout(ctx context.Context, in *logoutInput) (*struct{}, error) {
	r := requestOf(ctx)
	ctx = withReason(ctx, "logout")
	family, sess := "", (*Session)(nil)
	clientID := ""
	if strings.Contains(in.Token, ".") {
		family, sess = m.familyOf(ctx, in.Token)
	} else if p := auth.FromContext(ctx); p.Authenticated() && !p.ClientOnly && r != nil {
		family, sess = m.familyOf(ctx, bearer(r))
		clientID = in.Token
	}
	if family == "" {
		return nil, nil
	}
	revoked, err := m.store.revokeFamily(ctx, family, "logout")
	if err != nil {
		return nil, err
	}
	if revoked && r != nil {
		m.logLogout(ctx, r, sess, clientID)
	}
	return nil, nil
}

type httpRequestKey struct{}

// withHTTPRequest hands the *http.Request to a huma handler (for the client's address
// and the bearer token).
func withHTTPRequest(hctx huma.Context, next func(huma.Context)) {
	r, _ := humachi.Unwrap(hctx)
	next(huma.WithValue(hctx, httpRequestKey{}, r))
}

// requestOf returns the HTTP request of a huma handler (set by the middleware below).
func requestOf(ctx context.Context) *http.Request {
	r, _ := ctx.Value(httpRequestKey{}).(*http.Request)
	return r
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// userinfo is GET|POST /connect/userinfo: the claims of the token's user, by its scopes.
func (m *Module) userinfo(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p := auth.FromContext(ctx)
	token := bearer(r)
	if p.ClientOnly || token == "" {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		httpapi.WriteJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token",
			"error_description": m.api.Catalog.T(ctx, KeyAccessTokenInvalid)})
		return
	}
	scopes := m.verifier.scopes(ctx, token)
	out := map[string]any{"sub": p.UserID.String()}
	if p.TenantID != nil {
		out["tenantid"] = p.TenantID.String()
	}
	u, err := m.deps.Identity.GetUser(ctx, p.UserID)
	if err != nil {
		m.api.WriteError(w, r, err)
		return
	}
	has := func(s string) bool { return slices.Contains(scopes, s) }
	if has(ScopeProfile) {
		out["preferred_username"], out["name"] = u.UserName, u.UserName
		if u.Name != "" {
			out["given_name"] = u.Name
		}
		if u.Surname != "" {
			out["family_name"] = u.Surname
		}
		if p.ImpersonatorUserID != nil {
			out["impersonator_userid"] = p.ImpersonatorUserID.String()
			if p.ImpersonatorTenantID != nil {
				out["impersonator_tenantid"] = p.ImpersonatorTenantID.String()
			}
		}
	}
	if has(ScopeEmail) && u.Email != "" {
		out["email"], out["email_verified"] = u.Email, u.EmailConfirmed
	}
	if has(ScopePhone) && u.PhoneNumber != "" {
		out["phone_number"], out["phone_number_verified"] = u.PhoneNumber, u.PhoneNumberConfirmed
	}
	if has(ScopeRole) {
		out["role"] = p.Roles
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// discovery is GET /.well-known/openid-configuration.
func (m *Module) discovery(w http.ResponseWriter, r *http.Request) {
	iss := issuerOf(r)
	doc := map[string]any{
		"issuer":                                     iss,
		"authorization_endpoint":                     iss + "/connect/authorize",
		"token_endpoint":                             iss + "/connect/token",
		"userinfo_endpoint":                          iss + "/connect/userinfo",
		"revocation_endpoint":                        iss + "/connect/revocation",
		"jwks_uri":                                   iss + "/.well-known/openid-configuration/jwks",
		"scopes_supported":                           []string{ScopeOpenID, ScopeProfile, ScopeEmail, ScopePhone, ScopeRole, ScopeOfflineAccess, ScopeAPI},
		"claims_supported":                           []string{"sub", "name", "given_name", "family_name", "preferred_username", "email", "email_verified", "phone_number", "phone_number_verified", "role", "tenantid", "impersonator_userid", "impersonator_tenantid"},
		"grant_types_supported":                      knownGrants,
		"response_types_supported":                   []string{"code"},
		"response_modes_supported":                   []string{"query", "fragment", "form_post"},
		"subject_types_supported":                    []string{"public"},
		"id_token_signing_alg_values_supported":      []string{"RS256"},
		"token_endpoint_auth_methods_supported":      []string{"client_secret_basic", "client_secret_post", "none"},
		"code_challenge_methods_supported":           []string{"S256"},
		"revocation_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post", "none"},
		"claims_parameter_supported":                 false,
		"request_parameter_supported":                false,
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	httpapi.WriteJSON(w, http.StatusOK, doc)
}

// jwks is GET /.well-known/openid-configuration/jwks.
// It lists every key that still verifies: the newest, which signs, and the older ones
// until the tokens they signed have expired.
func (m *Module) jwks(w http.ResponseWriter, r *http.Request) {
	s, err := m.keys.current(r.Context())
	if err != nil {
		m.api.WriteError(w, r, err)
		return
	}
	b, err := json.Marshal(s.jwks)
	if err != nil {
		m.api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Cache-Control", "public, max-age=300") // a rotated key shows within minutes
	_, _ = w.Write(b)
}
