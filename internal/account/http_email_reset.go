package account

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/identity"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/tenancy"
	"kerf/internal/securitylog"
)

// registerEmailReset mounts ABP's password reset by e-mail (not in the contract; decision 0014):
// ask for a link, check a link, set the password with it. All three are anonymous, in the
// request's tenant (the __tenant header or query, which the link carries).
func (m *Module) registerEmailReset(api *httpapi.API, tags []string, mw huma.Middlewares) {
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/account/send-password-reset-code",
		Summary: "E-mail a password-reset link to the user of the request's tenant with that address",
		Description: "Answers 204 whether or not a user has the address, so it reveals nothing. For an active user of the " +
			"request's tenant it queues the Kerf.PasswordReset e-mail (text template, in the request's language) with the link " +
			"<public URL>/reset-password?userId=…&resetToken=…&__tenant=<tenant>; the link works once, for 24 hours, until the " +
			"password changes. Rate-limited per client address and to one a minute per address (429). appName, returnUrl and " +
			"returnUrlHash are accepted for ABP clients and not used.",
		Tags: tags, DefaultStatus: http.StatusNoContent, Middlewares: mw, SkipValidateBody: true}, httpapi.Public(),
		func(ctx context.Context, in *httpapi.Body[SendPasswordResetCodeInput]) (*struct{}, error) {
			ip := ""
			if r := requestOf(ctx); r != nil {
				ip = audit.ClientIP(r)
			}
			return nil, m.svc.SendPasswordResetCode(ctx, in.Body, ip)
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/account/verify-password-reset-token",
		Summary:     "Whether an e-mailed password-reset link would set a password now",
		Description: "true for a link of a user of the request's tenant that is neither used nor expired, whose password has not changed since.",
		Tags:        tags, SkipValidateBody: true}, httpapi.Public(),
		func(ctx context.Context, in *httpapi.Body[VerifyPasswordResetTokenInput]) (*httpapi.Body[bool], error) {
			ok, err := m.svc.VerifyPasswordResetToken(ctx, in.Body.UserID, in.Body.ResetToken)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[bool]{Body: ok}, nil
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/account/reset-password",
		Summary: "Set a new password with an e-mailed password-reset link",
		Description: "The password is checked against the password rules first; then the link's user gets it and is signed out " +
			"everywhere, and the user's links are used up. A wrong, expired or used link answers 400 and changes nothing.",
		Tags: tags, DefaultStatus: http.StatusNoContent, Middlewares: mw, SkipValidateBody: true}, httpapi.Public(),
		func(ctx context.Context, in *httpapi.Body[ResetPasswordWithTokenInput]) (*struct{}, error) {
			u, err := m.svc.ResetPasswordWithToken(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			m.emailResetLog(ctx, u)
			return nil, nil
		})
}

// emailResetLog writes the security log's ResetPassword entry of a reset by e-mailed link.
func (m *Module) emailResetLog(ctx context.Context, u *identity.User) {
	if m.deps.SecurityLog == nil {
		return
	}
	id := u.ID
	t := tenancy.FromContext(ctx)
	m.deps.SecurityLog.Write(ctx, securitylog.Event{Identity: securitylog.IdentityAccount, Action: ActionResetPassword,
		UserID: &id, UserName: u.UserName, TenantID: t.ID, TenantName: t.Name, Request: requestOf(ctx),
		Extra: map[string]any{"email": u.Email}})
}
