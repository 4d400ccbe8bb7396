package oidc

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// userGrant is fosite's token endpoint handler for the grants that log a user in
// without a browser: password, phone_verify and Impersonation. fosite's own password
// handler cannot pick a tenant, apply lockout or fill Kerf's session, so Kerf writes
// this one on fosite's TokenEndpointHandler interface and reuses fosite's helpers to
// issue the tokens.
type userGrant struct {
	m       *Module
	helper  *oauth2.HandleHelper
	refresh oauth2.RefreshTokenStrategy
	config  config
}

var _ fosite.TokenEndpointHandler = (*userGrant)(nil)

func (g *userGrant) CanSkipClientAuth(context.Context, fosite.AccessRequester) bool { return false }

func (g *userGrant) CanHandleTokenEndpointRequest(_ context.Context, r fosite.AccessRequester) bool {
	gt := r.GetGrantTypes()
	return gt.ExactOne(GrantPassword) || gt.ExactOne(GrantPhoneVerify) || gt.ExactOne(GrantImpersonation) ||
		gt.ExactOne(GrantWeChat)
}

func (g *userGrant) HandleTokenEndpointRequest(ctx context.Context, r fosite.AccessRequester) error {
	if !g.CanHandleTokenEndpointRequest(ctx, r) {
		return fosite.ErrUnknownRequest
	}
	grant := r.GetGrantTypes()[0]
	client, ok := r.GetClient().(*fclient)
	if !ok {
		return fosite.ErrServerError.WithDebug("unexpected client type")
	}
	if !client.GetGrantTypes().Has(grant) {
		return oerr(fosite.ErrUnauthorizedClient, KeyUnauthorizedClient)
	}
	if err := grantScopes(client, r); err != nil {
		return err
	}
	form := r.GetRequestForm()
	var (
		sess *Session
		err  error
	)
	switch grant {
	case GrantPassword:
		sess, err = g.m.passwordLogin(ctx, form.Get("tenant"), form.Get("username"), form.Get("password"))
	case GrantPhoneVerify:
		sess, err = g.m.phoneLogin(ctx, form.Get("tenant"), form.Get("phone_number"), form.Get("phone_verify_code"))
	case GrantImpersonation:
		sess, err = g.m.impersonate(ctx, form)
	case GrantWeChat:
		sess, err = g.m.wechatLogin(ctx, form.Get("tenant"), form.Get("code"), form.Get("state"))
	}
	for _, secret := range []string{"password", "phone_verify_code", "access_token", "code", "state"} {
		delete(form, secret) // never stored with the tokens
	}
	if err != nil {
		return err
	}
	now := g.m.now().UTC().Truncate(time.Second)
	sess.Grant = grant
	if sess.AuthTime.IsZero() {
		sess.AuthTime = now.Truncate(time.Second)
	}
	sess.FamilyEnd = client.absoluteEnd(now)
	sess.SetExpiresAt(fosite.AccessToken, now.Add(client.GetEffectiveLifespan(fosite.GrantType(grant), fosite.AccessToken, time.Hour)))
	sess.SetExpiresAt(fosite.RefreshToken, client.refreshExpiry(now, sess.FamilyEnd))
	sess.fillIDClaims(now)
	r.SetSession(sess)
	return nil
}

func (g *userGrant) PopulateTokenEndpointResponse(ctx context.Context, r fosite.AccessRequester, resp fosite.AccessResponder) error {
	if !g.CanHandleTokenEndpointRequest(ctx, r) {
		return fosite.ErrUnknownRequest
	}
	grant := fosite.GrantType(r.GetGrantTypes()[0])
	client := r.GetClient()
	accessSig, err := g.helper.IssueAccessToken(ctx, fosite.GetEffectiveLifespan(client, grant, fosite.AccessToken, time.Hour), r, resp)
	if err != nil {
		return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	if r.GetGrantedScopes().Has(ScopeOfflineAccess) && client.GetGrantTypes().Has(GrantRefreshToken) {
		token, sig, err := g.refresh.GenerateRefreshToken(ctx, r)
		if err != nil {
			return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
		}
		if err := g.m.store.CreateRefreshTokenSession(ctx, sig, accessSig, r.Sanitize(nil)); err != nil {
			return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
		}
		resp.SetExtra("refresh_token", token)
	}
	if r.GetGrantedScopes().Has(ScopeOpenID) {
		lifespan := fosite.GetEffectiveLifespan(client, grant, fosite.IDToken, 5*time.Minute)
		if err := g.m.idHelper.IssueExplicitIDToken(ctx, lifespan, r, resp); err != nil {
			return err
		}
	}
	return nil
}

// grantScopes grants the requested scopes, or every scope of the client when none was
// asked for (as IdentityServer does); each must be allowed to the client.
func grantScopes(c *fclient, r fosite.AccessRequester) error {
	want := r.GetRequestedScopes()
	if len(want) == 0 {
		want = c.GetScopes()
	}
	for _, s := range want {
		if !fosite.ExactScopeStrategy(c.GetScopes(), s) || (s == ScopeOfflineAccess && !c.row.AllowOfflineAccess) {
			return oerr(fosite.ErrInvalidScope.WithHintf("scope %q", s), KeyInvalidScope)
		}
	}
	for _, s := range want {
		r.GrantScope(s)
	}
	return nil
}

// loginTenant is the tenant a login names: the tenant form field, else the __tenant
// header; none is the host.
func (m *Module) loginTenant(ctx context.Context, field string) (tenancy.Tenant, error) {
	name := strings.TrimSpace(field)
	if name == "" {
		if r := requestFrom(ctx); r != nil {
			name = strings.TrimSpace(r.Header.Get(tenancy.Header))
		}
	}
	if name == "" {
		return tenancy.Tenant{}, nil
	}
	t, err := m.deps.Identity.ResolveTenant(ctx, name)
	if errors.Is(err, tenancy.ErrTenantNotAvailable) {
		return t, oerr(fosite.ErrInvalidRequest, localization.KeyTenantNotAvailable, name)
	}
	if err != nil {
		return t, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	return t, nil
}

// passwordLogin checks a user name (or e-mail) and password in a tenant, with lockout
// and the per-user rate limit, and returns the new session. The outcome in ctx records
// what happened for the security log.
func (m *Module) passwordLogin(ctx context.Context, tenantField, userName, password string) (*Session, error) {
	userName = strings.TrimSpace(userName)
	if userName == "" || password == "" {
		return nil, oerr(fosite.ErrInvalidRequest, KeyMissingCredentials)
	}
	t, err := m.loginTenant(ctx, tenantField)
	if err != nil {
		return nil, err
	}
	o := outcomeFrom(ctx)
	if o != nil {
		o.userName, o.tenantID, o.tenantName = userName, t.ID, t.Name
	}
	if err := m.allowLogin(ctx, limitKey(t, "u:"+strings.ToLower(userName))); err != nil {
		return nil, err
	}
	tctx := tenancy.WithTenant(ctx, t)
	ids := m.deps.Identity
	u, err := ids.FindByLogin(tctx, userName)
	if errors.Is(err, db.ErrNotFound) {
		identity.VerifyPassword(m.dummyHash, password) // answer as slowly as for a real user
		o.setAction(actionLoginInvalidUserName)
		return nil, oerr(fosite.ErrInvalidGrant, KeyInvalidCredentials)
	}
	if err != nil {
		return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	o.setUser(u)
	now := m.now()
	if ids.IsLockedOut(u, now) {
		o.setAction(actionLoginLockedout)
		return nil, m.lockedOut(u, now)
	}
	if !ids.CheckPassword(tctx, u, password) {
		locked, err := ids.RecordFailedLogin(tctx, u)
		if err != nil {
			return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
		}
		if locked {
			o.setAction(actionLoginLockedout)
			return nil, m.lockedOut(u, now)
		}
		o.setAction(actionLoginInvalidUserNameOrPassword)
		return nil, oerr(fosite.ErrInvalidGrant, KeyInvalidCredentials)
	}
	return m.admit(tctx, t, u, o)
}

// phoneLogin logs in with a phone number and the sign-in code sent to it.
func (m *Module) phoneLogin(ctx context.Context, tenantField, phone, code string) (*Session, error) {
	phone, code = strings.TrimSpace(phone), strings.TrimSpace(code)
	if phone == "" || code == "" {
		return nil, oerr(fosite.ErrInvalidRequest, KeyPhoneMissing)
	}
	t, err := m.loginTenant(ctx, tenantField)
	if err != nil {
		return nil, err
	}
	o := outcomeFrom(ctx)
	if o != nil {
		o.userName, o.tenantID, o.tenantName = phone, t.ID, t.Name
		o.extra["phoneNumber"] = phone
	}
	if err := m.allowLogin(ctx, limitKey(t, "p:"+phone)); err != nil {
		return nil, err
	}
	tctx := tenancy.WithTenant(ctx, t)
	if m.deps.PhoneCodes == nil {
		return nil, oerr(fosite.ErrUnauthorizedClient, KeyUnauthorizedClient)
	}
	if err := m.deps.PhoneCodes.CheckCode(tctx, PurposeSignin, phone, code); err != nil {
		o.setAction(actionLoginFailed)
		return nil, fromUserError(err)
	}
	ids := m.deps.Identity
	u, err := ids.FindByPhone(tctx, phone)
	if errors.Is(err, db.ErrNotFound) {
		o.setAction(actionLoginInvalidUserName)
		return nil, oerr(fosite.ErrInvalidGrant, KeyPhoneUnknown)
	}
	if err != nil {
		return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	o.setUser(u)
	now := m.now()
	if ids.IsLockedOut(u, now) {
		o.setAction(actionLoginLockedout)
		return nil, m.lockedOut(u, now)
	}
	return m.admit(tctx, t, u, o)
}

// admit ends a login whose credentials were right: an inactive user is refused, otherwise
// the failure count is reset and the session made.
func (m *Module) admit(tctx context.Context, t tenancy.Tenant, u *identity.User, o *outcome) (*Session, error) {
	if !u.IsActive {
		o.setAction(actionLoginNotAllowed)
		return nil, oerr(fosite.ErrInvalidGrant, KeyUserNotAllowed)
	}
	if err := m.deps.Identity.RecordSuccessfulLogin(tctx, u); err != nil {
		return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	sess, err := m.sessionFor(tctx, t, u)
	if err != nil {
		return nil, err
	}
	o.set(actionLoginSucceeded, sess)
	return sess, nil
}

// PurposeSignin is the phone-code purpose of signing in (spec 002 §3: Signin 10).
const PurposeSignin = 10

func (m *Module) lockedOut(u *identity.User, now time.Time) error {
	mins := 1
	if u.LockoutEnd != nil {
		mins = max(1, int(math.Round(u.LockoutEnd.Sub(now).Minutes())))
	}
	return oerr(fosite.ErrInvalidGrant, KeyLockedOut, mins)
}

// sessionFor builds the session of u logged in to t.
func (m *Module) sessionFor(tctx context.Context, t tenancy.Tenant, u *identity.User) (*Session, error) {
	roles, err := m.deps.Identity.RoleNames(tctx, u.ID)
	if err != nil {
		return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	return &Session{Subject: u.ID.String(), UserName: u.UserName, TenantID: t.ID, TenantName: t.Name,
		Roles: roles, SecurityStamp: u.SecurityStamp}, nil
}

// allowLogin spends one login attempt of key (a user name or phone in a tenant), counted
// in the database for every replica.
func (m *Module) allowLogin(ctx context.Context, key string) error {
	ok, err := m.userLimit.Allow(ctx, key)
	if err != nil {
		return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	if !ok {
		return oerr(errTooManyRequests, localization.KeyTooFast)
	}
	return nil
}

func limitKey(t tenancy.Tenant, key string) string {
	if t.ID == nil {
		return "host|" + key
	}
	return t.ID.String() + "|" + key
}

func (o *outcome) setAction(action string) {
	if o != nil {
		o.action = action
	}
}

func (o *outcome) setUser(u *identity.User) {
	if o != nil {
		id := u.ID
		o.userID, o.userName = &id, u.UserName
	}
}

// refreshCheck runs after fosite's refresh handler: the user must still exist, be
// active and not locked out, in an available tenant, with the same security stamp (a
// password change ends every login). The roles are re-read when the client asks for it,
// and the new refresh token's end is clamped to the login's absolute lifetime.
type refreshCheck struct{ m *Module }

func (h *refreshCheck) CanSkipClientAuth(context.Context, fosite.AccessRequester) bool { return false }

func (h *refreshCheck) CanHandleTokenEndpointRequest(_ context.Context, r fosite.AccessRequester) bool {
	return r.GetGrantTypes().ExactOne(GrantRefreshToken)
}

func (h *refreshCheck) PopulateTokenEndpointResponse(context.Context, fosite.AccessRequester, fosite.AccessResponder) error {
	return fosite.ErrUnknownRequest
}

func (h *refreshCheck) HandleTokenEndpointRequest(ctx context.Context, r fosite.AccessRequester) error {
	sess, ok := r.GetSession().(*Session)
	client, cok := r.GetClient().(*fclient)
	if !ok || !cok || sess.Subject == "" {
		return fosite.ErrUnknownRequest
	}
	m := h.m
	end := func(key string, args ...any) error {
		if _, err := m.store.revokeFamily(ctx, r.GetID(), "login no longer valid"); err != nil {
			return fosite.ErrServerError.WithWrap(err)
		}
		return oerr(fosite.ErrInvalidGrant, key, args...)
	}
	t := tenancy.Tenant{}
	if sess.TenantID != nil {
		got, err := m.deps.Identity.GetTenant(ctx, *sess.TenantID)
		if err != nil || !got.IsActive {
			return end(localization.KeyTenantNotAvailable, sess.TenantName)
		}
		t = got
	}
	tctx := tenancy.WithTenant(ctx, t)
	u, err := m.deps.Identity.GetUser(tctx, sess.userID())
	if errors.Is(err, db.ErrNotFound) {
		return end(KeySessionEnded)
	}
	if err != nil {
		return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	now := m.now()
	switch {
	case !u.IsActive:
		return end(KeyUserNotAllowed)
	case m.deps.Identity.IsLockedOut(u, now):
		return m.lockedOut(u, now)
	case sess.SecurityStamp != "" && u.SecurityStamp != sess.SecurityStamp:
		return end(KeySessionEnded)
	}
	if client.row.UpdateAccessTokenClaimsOnRefresh {
		roles, err := m.deps.Identity.RoleNames(tctx, u.ID)
		if err != nil {
			return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
		}
		sess.Roles, sess.UserName, sess.TenantName = roles, u.UserName, t.Name
		sess.fillIDClaims(now.UTC())
	}
	if sess.FamilyEnd.IsZero() {
		sess.FamilyEnd = client.absoluteEnd(r.GetRequestedAt())
	}
	sess.SetExpiresAt(fosite.RefreshToken, client.refreshExpiry(now.UTC(), sess.FamilyEnd))
	outcomeFrom(ctx).set(actionRefreshToken, sess)
	return nil
}

// ccScopes grants client_credentials tokens their scopes (fosite's handler checks them
// but grants none): the requested ones, or all the client's API scopes.
type ccScopes struct{}

func (ccScopes) CanSkipClientAuth(context.Context, fosite.AccessRequester) bool { return false }
func (ccScopes) CanHandleTokenEndpointRequest(_ context.Context, r fosite.AccessRequester) bool {
	return r.GetGrantTypes().ExactOne(GrantClientCredentials)
}
func (ccScopes) PopulateTokenEndpointResponse(context.Context, fosite.AccessRequester, fosite.AccessResponder) error {
	return fosite.ErrUnknownRequest
}
func (ccScopes) HandleTokenEndpointRequest(_ context.Context, r fosite.AccessRequester) error {
	want := r.GetRequestedScopes()
	if len(want) == 0 {
		for _, s := range r.GetClient().GetScopes() {
			if s != ScopeOpenID && s != ScopeOfflineAccess && s != ScopeProfile && s != ScopeEmail && s != ScopePhone && s != ScopeRole {
				want = append(want, s)
			}
		}
	}
	for _, s := range want {
		r.GrantScope(s)
	}
	return nil
}

var _ = uuid.Nil
