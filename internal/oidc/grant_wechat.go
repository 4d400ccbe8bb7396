package oidc

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"
	"github.com/ory/fosite"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// GrantWeChat signs in with a WeChat account bound to a user: code and state come back to
// /auth-redirect from the sign-in QR code (docs/decisions/0014, "WeChat and /auth-redirect").
const GrantWeChat = "wechat"

// ExternalSignIn finds the user of ctx's tenant bound to the external account that scanned
// the sign-in QR code of state (the wechat area implements it). A wrong code, an unknown,
// used or expired state, or an account bound to nobody is an *apperr.UserError with a
// localised key, answered invalid_grant.
type ExternalSignIn interface {
	SignIn(ctx context.Context, code, state string) (uuid.UUID, error)
}

// wechatLogin is the wechat grant: the tenant as for a password (form field or __tenant
// header), the user bound to the scanning account in that tenant only, the per-tenant login
// limit, lockout and the inactive-user rule as for a password.
func (m *Module) wechatLogin(ctx context.Context, tenantField, code, state string) (*Session, error) {
	code, state = strings.TrimSpace(code), strings.TrimSpace(state)
	if code == "" || state == "" {
		return nil, oerr(fosite.ErrInvalidRequest, KeyInvalidRequest)
	}
	if m.deps.WeChat == nil {
		return nil, oerr(fosite.ErrUnauthorizedClient, KeyUnauthorizedClient)
	}
	t, err := m.loginTenant(ctx, tenantField)
	if err != nil {
		return nil, err
	}
	o := outcomeFrom(ctx)
	if o != nil {
		o.userName, o.tenantID, o.tenantName = "", t.ID, t.Name
		o.extra["externalProvider"] = "WeChat"
	}
	if err := m.allowLogin(ctx, limitKey(t, "w:"+state)); err != nil {
		return nil, err
	}
	tctx := tenancy.WithTenant(ctx, t)
	id, err := m.deps.WeChat.SignIn(tctx, code, state)
	if err != nil {
		o.setAction(actionLoginFailed)
		return nil, fromUserError(err)
	}
	ids := m.deps.Identity
	u, err := ids.GetUser(tctx, id)
	if errors.Is(err, db.ErrNotFound) {
		o.setAction(actionLoginInvalidUserName)
		return nil, oerr(fosite.ErrInvalidGrant, KeyInvalidGrant)
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
