package oidc

import (
	"context"
	"html/template"
	"net/http"
	"time"

	"github.com/ory/fosite"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/localization"
)

// authorize is the authorization endpoint of the authorization_code flow. GET shows
// Kerf's login page for the validated request; POST checks the credentials typed there
// (with the same lockout, rate limits and security log as the password grant) and
// redirects to the client with a code. There is no single-sign-on cookie: every
// authorization asks for the password, and prompt=none answers login_required.
func (m *Module) authorize(w http.ResponseWriter, r *http.Request) {
	ctx := withRequest(r.Context(), r)
	ctx, o := withOutcome(ctx)
	ar, err := m.provider.NewAuthorizeRequest(ctx, r)
	if err != nil {
		m.provider.WriteAuthorizeError(ctx, w, ar, err)
		return
	}
	client, ok := ar.GetClient().(*fclient)
	if !ok {
		m.provider.WriteAuthorizeError(ctx, w, ar, fosite.ErrServerError)
		return
	}
	form := ar.GetRequestForm()
	if client.row.RequirePkce && form.Get("code_challenge") == "" {
		m.provider.WriteAuthorizeError(ctx, w, ar, fosite.ErrInvalidRequest.WithHint(m.api.Catalog.T(ctx, KeyPkceRequired)))
		return
	}
	if form.Get("prompt") == "none" {
		m.provider.WriteAuthorizeError(ctx, w, ar, fosite.ErrLoginRequired)
		return
	}
	if r.Method != http.MethodPost {
		m.loginPage(ctx, w, r, client, "", http.StatusOK)
		return
	}
	if ok, _, err := m.ipLimit.Reserve(ctx, "ip|"+audit.ClientIP(r)); err != nil {
		m.provider.WriteAuthorizeError(ctx, w, ar, fosite.ErrServerError.WithWrap(err).WithDebug(err.Error()))
		return
	} else if !ok {
		m.loginPage(ctx, w, r, client, m.api.Catalog.T(ctx, localization.KeyTooFast), http.StatusTooManyRequests)
		return
	}
	sess, err := m.passwordLogin(ctx, r.PostForm.Get("tenant"), r.PostForm.Get("username"), r.PostForm.Get("password"))
	delete(form, "password")
	m.log(ctx, r, o, client.GetID(), GrantAuthorizationCode)
	if err != nil {
		_, status, desc := m.describe(ctx, GrantAuthorizationCode, err)
		if status >= 500 {
			m.provider.WriteAuthorizeError(ctx, w, ar, err)
			return
		}
		if status != http.StatusTooManyRequests {
			status = http.StatusOK // the page is shown again with the message
		}
		m.loginPage(ctx, w, r, client, desc, status)
		return
	}
	for _, s := range ar.GetRequestedScopes() {
		ar.GrantScope(s)
	}
	now := m.now().UTC()
	sess.Grant = GrantAuthorizationCode
	sess.AuthTime = now.Truncate(time.Second)
	sess.FamilyEnd = client.absoluteEnd(now)
	sess.fillIDClaims(now)
	sess.IDTokenClaims().RequestedAt = ar.GetRequestedAt()
	ctx = context.WithValue(ctx, codeLifespanKey{}, client.GetEffectiveLifespan(fosite.GrantTypeAuthorizationCode, fosite.AuthorizeCode, 5*time.Minute))
	resp, err := m.provider.NewAuthorizeResponse(ctx, ar, sess)
	if err != nil {
		m.provider.WriteAuthorizeError(ctx, w, ar, err)
		return
	}
	m.provider.WriteAuthorizeResponse(ctx, w, ar, resp)
}

// loginParams are the authorization request's parameters the login form carries over.
var loginParams = []string{"client_id", "redirect_uri", "response_type", "response_mode", "scope", "state",
	"nonce", "code_challenge", "code_challenge_method", "max_age", "ui_locales", "acr_values"}

func (m *Module) loginPage(ctx context.Context, w http.ResponseWriter, r *http.Request, c *fclient, message string, status int) {
	t := func(key string, args ...any) string { return m.api.Catalog.T(ctx, key, args...) }
	type field struct{ Name, Value string }
	var hidden []field
	for _, k := range loginParams {
		if v := r.Form.Get(k); v != "" {
			hidden = append(hidden, field{k, v})
		}
	}
	name := c.row.ClientName
	if name == "" {
		name = c.row.ClientID
	}
	lang := "zh-Hans"
	if localization.CultureFrom(ctx) == localization.En {
		lang = "en"
	}
	data := map[string]any{
		"Lang": lang, "Title": t(KeyLoginTitle), "For": t(KeyLoginFor, name), "Message": message, "Hidden": hidden,
		"TenantLabel": t(KeyLoginTenant), "TenantPlaceholder": t(KeyLoginTenantPh), "UserLabel": t(KeyLoginUserName),
		"PasswordLabel": t(KeyLoginPassword), "Submit": t(KeyLoginSubmit),
		"Tenant": r.PostForm.Get("tenant"), "UserName": r.PostForm.Get("username"),
	}
	if r.PostForm.Get("tenant") == "" {
		data["Tenant"] = r.Header.Get("__tenant")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = loginTemplate.Execute(w, data)
}

var loginTemplate = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Kerf</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f2f5;font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f}
form{background:#fff;padding:32px 36px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:320px}
h1{margin:0 0 4px;font-size:22px;color:#134ea3}p.for{margin:0 0 20px;color:#666}
label{display:block;margin:12px 0 4px}input{box-sizing:border-box;width:100%;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:20px;width:100%;padding:9px;border:0;border-radius:6px;background:#134ea3;color:#fff;font-size:15px;cursor:pointer}
.msg{margin:0 0 8px;padding:8px 10px;border-radius:6px;background:#fff2f0;border:1px solid #ffccc7;color:#cf1322}
</style></head>
<body><form method="post" action="/connect/authorize" autocomplete="on">
<h1>Kerf</h1><p class="for">{{.For}}</p>
{{if .Message}}<p class="msg" role="alert">{{.Message}}</p>{{end}}
{{range .Hidden}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">{{end}}
<label for="tenant">{{.TenantLabel}}</label><input id="tenant" name="tenant" value="{{.Tenant}}" placeholder="{{.TenantPlaceholder}}">
<label for="username">{{.UserLabel}}</label><input id="username" name="username" value="{{.UserName}}" required autofocus autocomplete="username">
<label for="password">{{.PasswordLabel}}</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">{{.Submit}}</button>
</form></body></html>`))
