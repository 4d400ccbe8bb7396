package oidc

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/google/uuid"
	"github.com/ory/fosite"

	"kerf/internal/identity"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Permissions that allow impersonation (declared by the identity area).
const (
	PermUsersImpersonation   = identity.PermUsersImpersonation
	PermTenantsImpersonation = identity.PermTenantsImpersonation
)

// formValue reads a parameter by its ABP name, accepting any case of the first letter.
func formValue(form url.Values, name string) string {
	if v := form.Get(name); v != "" {
		return strings.TrimSpace(v)
	}
	return strings.TrimSpace(form.Get(strings.ToLower(name[:1]) + name[1:]))
}

// impersonate is the Impersonation grant: with the caller's access_token, log in as the
// user UserId of the caller's tenant (AbpIdentity.Users.Impersonation), or as the user
// TenantUserName (default admin) of tenant TenantId (AbpTenantManagement.Tenants.
// Impersonation, host users only). The new tokens carry the caller as impersonator.
// Sending the impersonator's own UserId with an impersonating token goes back to them.
func (m *Module) impersonate(ctx context.Context, form url.Values) (*Session, error) {
	p, err := m.verifier.Verify(ctx, formValue(form, "access_token"))
	if err != nil || p.ClientOnly {
		return nil, oerr(fosite.ErrInvalidGrant, KeyAccessTokenInvalid)
	}
	o := outcomeFrom(ctx)
	if o != nil {
		id := p.UserID
		o.userID, o.userName, o.tenantID, o.tenantName = &id, p.UserName, p.TenantID, p.TenantName
	}
	userIDText, tenantIDText := formValue(form, "UserId"), formValue(form, "TenantId")
	ids := m.deps.Identity

	// Back to the impersonator's own account.
	if uid, err := uuid.Parse(userIDText); err == nil && p.ImpersonatorUserID != nil && uid == *p.ImpersonatorUserID {
		t := tenancy.Tenant{}
		if p.ImpersonatorTenantID != nil {
			if t, err = ids.GetTenant(ctx, *p.ImpersonatorTenantID); err != nil || !t.IsActive {
				return nil, oerr(fosite.ErrInvalidRequest, localization.KeyTenantNotAvailable, p.ImpersonatorTenantID.String())
			}
		}
		sess, err := m.targetSession(ctx, t, func(tctx context.Context) (*identity.User, error) { return ids.GetUser(tctx, uid) }, uid.String())
		if err != nil {
			return nil, err
		}
		if o != nil {
			o.set(actionBackToImpersonator, sess)
			o.extra["impersonatedUserId"], o.extra["impersonatedUserName"] = p.UserID.String(), p.UserName
			if p.TenantID != nil {
				o.extra["impersonatedTenantId"], o.extra["impersonatedTenantName"] = p.TenantID.String(), p.TenantName
			}
			// The impersonated user's own row: their session by someone else ended.
			id := p.UserID
			o.other = &outcome{action: actionBackToImpersonator, userID: &id, userName: p.UserName,
				tenantID: p.TenantID, tenantName: p.TenantName, extra: impersonatorExtra(sess)}
		}
		return sess, nil
	}
	if p.ImpersonatorUserID != nil {
		return nil, oerr(fosite.ErrAccessDenied, KeyImpersonationNested)
	}
	callerTenant := tenancy.Tenant{ID: p.TenantID, Name: p.TenantName, IsActive: true}
	callerCtx := tenancy.WithTenant(ctx, callerTenant)
	allowed := func(perm string) error {
		ok, err := m.deps.Permissions.IsGranted(callerCtx, p, perm)
		if err != nil {
			return fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
		}
		if !ok {
			o.setAction(actionImpersonationDenied)
			return oerr(fosite.ErrAccessDenied, KeyImpersonationDenied)
		}
		return nil
	}

	var (
		sess   *Session
		action string
	)
	switch {
	case tenantIDText != "":
		action = actionImpersonateTenant
		if p.TenantID != nil {
			o.setAction(actionImpersonationDenied)
			return nil, oerr(fosite.ErrAccessDenied, KeyImpersonationDenied)
		}
		if err := allowed(PermTenantsImpersonation); err != nil {
			return nil, err
		}
		tid, err := uuid.Parse(tenantIDText)
		if err != nil {
			return nil, oerr(fosite.ErrInvalidRequest, localization.KeyTenantNotAvailable, tenantIDText)
		}
		t, err := ids.GetTenant(ctx, tid)
		if err != nil || !t.IsActive {
			return nil, oerr(fosite.ErrInvalidRequest, localization.KeyTenantNotAvailable, tenantIDText)
		}
		name := formValue(form, "TenantUserName")
		if name == "" {
			name = identity.AdminUserName
		}
		sess, err = m.targetSession(ctx, t, func(tctx context.Context) (*identity.User, error) { return ids.FindByLogin(tctx, name) }, name)
		if err != nil {
			return nil, err
		}
	case userIDText != "":
		action = actionImpersonateUser
		if err := allowed(PermUsersImpersonation); err != nil {
			return nil, err
		}
		uid, err := uuid.Parse(userIDText)
		if err != nil {
			return nil, oerr(fosite.ErrInvalidGrant, KeyImpersonationNoTarget, userIDText)
		}
		if uid == p.UserID {
			return nil, oerr(fosite.ErrInvalidRequest, KeyImpersonationSelf)
		}
		sess, err = m.targetSession(ctx, callerTenant, func(tctx context.Context) (*identity.User, error) { return ids.GetUser(tctx, uid) }, userIDText)
		if err != nil {
			return nil, err
		}
	default:
		return nil, oerr(fosite.ErrInvalidRequest, KeyImpersonationParams)
	}
	caller := p.UserID
	sess.ImpersonatorUserID, sess.ImpersonatorTenantID, sess.ImpersonatorUserName = &caller, p.TenantID, p.UserName
	if o != nil {
		o.action = action
		o.extra["targetUserId"], o.extra["targetUserName"] = sess.Subject, sess.UserName
		if sess.TenantID != nil {
			o.extra["targetTenantId"], o.extra["targetTenantName"] = sess.TenantID.String(), sess.TenantName
		}
		// The impersonated user's own row, in their tenant, naming who logged in as them.
		extra := impersonatorExtra(&Session{Subject: caller.String(), UserName: p.UserName, TenantID: p.TenantID, TenantName: p.TenantName})
		o.other = &outcome{action: action, userName: sess.UserName, tenantID: sess.TenantID, tenantName: sess.TenantName, extra: extra}
		if id := sess.userID(); id != uuid.Nil {
			o.other.userID = &id
		}
	}
	return sess, nil
}

// impersonatorExtra names the impersonator (whose session is sess) in a security log row of
// the impersonated user.
func impersonatorExtra(sess *Session) map[string]any {
	extra := map[string]any{"impersonatorUserId": sess.Subject, "impersonatorUserName": sess.UserName}
	if sess.TenantID != nil {
		extra["impersonatorTenantId"], extra["impersonatorTenantName"] = sess.TenantID.String(), sess.TenantName
	}
	return extra
}

// targetSession finds the user to log in as, in t, and builds their session.
func (m *Module) targetSession(ctx context.Context, t tenancy.Tenant, find func(context.Context) (*identity.User, error), label string) (*Session, error) {
	tctx := tenancy.WithTenant(ctx, t)
	u, err := find(tctx)
	if errors.Is(err, db.ErrNotFound) {
		return nil, oerr(fosite.ErrInvalidGrant, KeyImpersonationNoTarget, label)
	}
	if err != nil {
		return nil, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error())
	}
	if !u.IsActive {
		return nil, oerr(fosite.ErrInvalidGrant, KeyUserNotAllowed)
	}
	return m.sessionFor(tctx, t, u)
}

var _ = auth.Principal{}
