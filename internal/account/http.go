package account

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/sms"
	"kerf/internal/platform/tenancy"
	"kerf/internal/securitylog"
)

// SendCodeInput is the body of the send-*-code operations.
type SendCodeInput struct {
	PhoneNumber string `json:"phoneNumber" minLength:"1" maxLength:"32" doc:"The phone number to send the code to"`
}

// ChangePasswordInput is the body of the change-password operations.
type ChangePasswordInput struct {
	CurrentPassword string `json:"currentPassword" maxLength:"128"`
	NewPassword     string `json:"newPassword" maxLength:"128"`
}

type requestKey struct{}

// withRequest hands the *http.Request to the handler (client address, user agent).
func withRequest(hctx huma.Context, next func(huma.Context)) {
	r, _ := humachi.Unwrap(hctx)
	next(huma.WithValue(hctx, requestKey{}, r))
}

func requestOf(ctx context.Context) *http.Request {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	return r
}

func (m *Module) register(api *httpapi.API) {
	m.svc.catalog = api.Catalog
	tags := []string{"account"}
	mw := huma.Middlewares{withRequest}
	for _, op := range []struct {
		path, summary string
		purpose       int
	}{
		{"/api/account/phone/send-signin-code", "Send a sign-in code by SMS (for the phone_verify grant)", PurposeSignin},
		{"/api/account/phone/send-register-code", "Send a registration code by SMS", PurposeRegister},
		{"/api/account/phone/send-password-reset-code", "Send a password-reset code by SMS", PurposeResetPassword},
	} {
		purpose := op.purpose
		httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: op.path, Summary: op.summary, Tags: tags,
			DefaultStatus: http.StatusNoContent, Middlewares: mw}, httpapi.Public(),
			func(ctx context.Context, in *httpapi.Body[SendCodeInput]) (*struct{}, error) {
				ip := ""
				if r := requestOf(ctx); r != nil {
					ip = audit.ClientIP(r)
				}
				return nil, m.svc.SendCode(ctx, purpose, in.Body.PhoneNumber, ip)
			})
	}
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/account/development-sms",
		Summary: "Text messages the development SMS sender kept instead of delivering them (newest first)",
		Description: "Only while no SMS provider is configured. The codes in them log anyone in, so reading them " +
			"needs the right to log in as other users.", Tags: tags}, httpapi.Perm(identity.PermUsersImpersonation), m.developmentSMS)
	register := huma.Operation{Method: http.MethodPost, Path: "/api/account/phone/register",
		Summary: "Register a user of the request's tenant with a phone number and its register code",
		Description: "The user gets a confirmed phone number, the tenant's default roles and the password " +
			"(checked against the password rules); the user name defaults to the phone number. The code is used up; " +
			"a wrong or expired code answers 400 and creates nothing.",
		Tags: tags, Middlewares: mw, SkipValidateBody: true}
	httpapi.Register(api, register, httpapi.Public(), m.phoneRegister)
	reset := huma.Operation{Method: http.MethodPut, Path: "/api/account/phone/reset-password", DefaultStatus: http.StatusNoContent,
		Summary: "Set a new password with a password-reset code sent to the user's phone",
		Description: "The user of the request's tenant with that phone number gets the new password and is signed out " +
			"everywhere. The code is used up; a wrong or expired code answers 400 and changes nothing.",
		Tags: tags, Middlewares: mw, SkipValidateBody: true}
	httpapi.Register(api, reset, httpapi.Public(), m.resetPassword)
	m.registerEmailReset(api, tags, mw)
	for _, path := range []string{"/api/account/my-profile/change-password", "/api/identity/my-profile/change-password"} {
		httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: path, Summary: "Change the caller's own password",
			Tags: tags, DefaultStatus: http.StatusNoContent, Middlewares: mw}, httpapi.LoggedIn(), m.changePassword)
	}
}

func (m *Module) changePassword(ctx context.Context, in *httpapi.Body[ChangePasswordInput]) (*struct{}, error) {
	p := auth.FromContext(ctx)
	if p.ClientOnly {
		return nil, apperr.ErrForbidden
	}
	if err := m.deps.Identity.ChangePassword(ctx, p.UserID, in.Body.CurrentPassword, in.Body.NewPassword); err != nil {
		return nil, err
	}
	if m.deps.SecurityLog != nil {
		id := p.UserID
		t := tenancy.FromContext(ctx)
		m.deps.SecurityLog.Write(ctx, securitylog.Event{Identity: securitylog.IdentityAccount, Action: securitylog.ActionChangePassword,
			UserID: &id, UserName: p.UserName, TenantID: t.ID, TenantName: t.Name, ClientID: p.ClientID, Request: requestOf(ctx)})
	}
	return nil, nil
}

// SentSMS is a message the development sender kept.
type SentSMS struct {
	PhoneNumber string    `json:"phoneNumber"`
	Text        string    `json:"text"`
	Time        time.Time `json:"time"`
}

// developmentSMS lists what the development sender kept; 404 with a real provider.
func (m *Module) developmentSMS(context.Context, *struct{}) (*httpapi.Body[httpapi.List[SentSMS]], error) {
	dev, ok := m.deps.SMS.(*sms.Development)
	if !ok {
		return nil, apperr.ErrNotFound
	}
	out := []SentSMS{}
	for _, s := range dev.Messages() {
		out = append(out, SentSMS{PhoneNumber: s.PhoneNumber, Text: s.Text, Time: s.Time})
	}
	return &httpapi.Body[httpapi.List[SentSMS]]{Body: httpapi.List[SentSMS]{Items: out}}, nil
}

// RegisteredUser is the answer of POST /api/account/phone/register.
type RegisteredUser struct {
	ID          uuid.UUID  `json:"id"`
	TenantID    *uuid.UUID `json:"tenantId"`
	UserName    string     `json:"userName"`
	Name        string     `json:"name"`
	PhoneNumber string     `json:"phoneNumber"`
}

func (m *Module) phoneRegister(ctx context.Context, in *httpapi.Body[RegisterInput]) (*httpapi.Body[RegisteredUser], error) {
	u, err := m.svc.Register(ctx, in.Body)
	if err != nil {
		return nil, err
	}
	m.securityLog(ctx, ActionRegister, u)
	return &httpapi.Body[RegisteredUser]{Body: RegisteredUser{ID: u.ID, TenantID: u.TenantID, UserName: u.UserName,
		Name: u.Name, PhoneNumber: u.PhoneNumber}}, nil
}

func (m *Module) resetPassword(ctx context.Context, in *httpapi.Body[ResetPasswordInput]) (*struct{}, error) {
	u, err := m.svc.ResetPassword(ctx, in.Body)
	if err != nil {
		return nil, err
	}
	m.securityLog(ctx, ActionResetPassword, u)
	return nil, nil
}

// securityLog writes an account event of u (a caller who is not logged in) in the ctx tenant.
func (m *Module) securityLog(ctx context.Context, action string, u *identity.User) {
	if m.deps.SecurityLog == nil {
		return
	}
	id := u.ID
	t := tenancy.FromContext(ctx)
	m.deps.SecurityLog.Write(ctx, securitylog.Event{Identity: securitylog.IdentityAccount, Action: action,
		UserID: &id, UserName: u.UserName, TenantID: t.ID, TenantName: t.Name, Request: requestOf(ctx),
		Extra: map[string]any{"phoneNumber": u.PhoneNumber}})
}
