package wechat

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
)

type qrcodeInput struct {
	Purpose string `query:"purpose" enum:"bind,login" default:"bind" doc:"bind: the caller binds the scanning account (needs WeChat.Official); login: anonymous, for the login page"`
}

type oauth2Input struct {
	Code  string `query:"code" required:"true" maxLength:"256" doc:"The code WeChat sent to /auth-redirect"`
	State string `query:"state" required:"true" maxLength:"64" doc:"The state of a bind QR code of the caller"`
}

type requestKey struct{}

// withRequest hands the *http.Request to the handler (client address, the address WeChat
// sends the browser back to).
func withRequest(hctx huma.Context, next func(huma.Context)) {
	r, _ := humachi.Unwrap(hctx)
	next(huma.WithValue(hctx, requestKey{}, r))
}

// AuthRedirectPath is the web page WeChat sends the browser back to (spec 002 §2.1).
const AuthRedirectPath = "/auth-redirect"

// redirectURI is the /auth-redirect address of the host the request reached, honouring a
// reverse proxy's X-Forwarded-Proto and X-Forwarded-Host; and the client's address.
func redirectURI(ctx context.Context) (uri, clientIP string) {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	if r == nil {
		return AuthRedirectPath, ""
	}
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
	return scheme + "://" + host + AuthRedirectPath, audit.ClientIP(r)
}

func (m *Module) register(api *httpapi.API) {
	m.api = api
	tags := []string{"wechat"}
	const base = "/api/wechat"
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/check-bind",
		Summary: "Whether the caller has a WeChat account bound, and its nickname", Tags: tags},
		httpapi.Perm(PermOfficial), m.checkBind)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/qrcode",
		Summary: "A QR code to bind the caller's WeChat account (purpose bind) or to sign in with one (purpose login)",
		Description: "The state is single use and lives expiresIn seconds. purpose=bind needs a login and WeChat.Official; " +
			"purpose=login is anonymous (in the __tenant header's tenant) and rate-limited per client address. " +
			"provider development: url is Kerf's own /auth-redirect address, to show as a QR code (no official account " +
			"app id is set); wechat: url is WeChat's QR login page, to open.",
		Tags: tags, Middlewares: huma.Middlewares{withRequest}}, httpapi.Public(), m.qrcode)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/oauth2",
		Summary: "Bind the WeChat account that scanned the caller's bind QR code (from /auth-redirect)",
		Description: "409 when the account is bound to another user of the tenant; 400 when the state is unknown, " +
			"used, expired, a sign-in state or another user's.", Tags: tags},
		httpapi.Perm(PermOfficial), m.oauth2)
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: base + "/binding", DefaultStatus: http.StatusNoContent,
		Summary: "Unbind the caller's WeChat account (not in the contract: the navbar dialog's unbind)", Tags: tags},
		httpapi.Perm(PermOfficial), m.unbind)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/sign-in-options",
		Summary: "Whether the login page offers sign-in with WeChat, and through which provider (not in the contract)",
		Tags:    tags}, httpapi.Public(), m.signInOptions)
}

// caller is the logged-in user of ctx; a client token has none.
func caller(ctx context.Context) (uuid.UUID, error) {
	p := auth.FromContext(ctx)
	if !p.Authenticated() {
		return uuid.Nil, apperr.ErrUnauthorized
	}
	if p.ClientOnly || p.UserID == uuid.Nil {
		return uuid.Nil, apperr.ErrForbidden
	}
	return p.UserID, nil
}

func (m *Module) checkBind(ctx context.Context, _ *struct{}) (*httpapi.Body[BindState], error) {
	id, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(m.svc.CheckBind(ctx, id))
}

func (m *Module) qrcode(ctx context.Context, in *qrcodeInput) (*httpapi.Body[QRCode], error) {
	var user *uuid.UUID
	if in.Purpose != PurposeLogin {
		if err := m.api.Authorize(ctx, PermOfficial); err != nil {
			return nil, err
		}
		id, err := caller(ctx)
		if err != nil {
			return nil, err
		}
		user = &id
	}
	uri, ip := redirectURI(ctx)
	return httpapi.Reply(m.svc.NewQRCode(ctx, in.Purpose, user, uri, ip))
}

func (m *Module) oauth2(ctx context.Context, in *oauth2Input) (*httpapi.Body[BindState], error) {
	id, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(m.svc.Bind(ctx, id, in.Code, in.State))
}

func (m *Module) unbind(ctx context.Context, _ *struct{}) (*struct{}, error) {
	id, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	return httpapi.NoContent(m.svc.Unbind(ctx, id))
}

func (m *Module) signInOptions(ctx context.Context, _ *struct{}) (*httpapi.Body[SignInOptions], error) {
	return httpapi.Reply(m.svc.SignInOptions(ctx))
}
