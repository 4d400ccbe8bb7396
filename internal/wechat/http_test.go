package wechat_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/permission"
	"kerf/internal/wechat"
)

const base = "/api/wechat"

// Two simulated WeChat accounts of the development provider: the device keys /auth-redirect
// keeps in a browser.
const (
	phoneA = "browser-a-0123456789abcdef"
	phoneB = "browser-b-0123456789abcdef"
)

// grant gives a role of a tenant ("" host) permissions, as the permissions screen would.
func grant(t *testing.T, e *apptest.Env, tenant, role string, names ...string) {
	t.Helper()
	var ch []permission.Change
	for _, n := range names {
		ch = append(ch, permission.Change{Name: n, IsGranted: true})
	}
	if err := e.App.DB.InTx(e.In(t, tenant), func(ctx context.Context, tx bun.Tx) error {
		return e.App.Permissions.Set(ctx, tx, permission.Role, role, ch)
	}); err != nil {
		t.Fatal(err)
	}
}

func withTenant(tenant string, h http.Header) http.Header {
	if h == nil {
		h = http.Header{}
	}
	if tenant != "" {
		h.Set("__tenant", tenant)
	}
	return h
}

// qrcode asks for a QR code and answers the code and state /auth-redirect would send from the
// browser of device.
func qrcode(t *testing.T, e *apptest.Env, token, tenant, purpose, device string) (code, state string) {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: base + "/qrcode?purpose=" + purpose, Token: token,
		Header: withTenant(tenant, nil)})
	if res.Status != http.StatusOK {
		t.Fatalf("qrcode %s: %d %s", purpose, res.Status, res.Body)
	}
	var qr wechat.QRCode
	res.JSON(t, &qr)
	u, err := url.Parse(qr.URL)
	if err != nil || qr.Provider != wechat.ProviderDevelopment || u.Path != "/auth-redirect" || u.Query().Get("state") != qr.State ||
		!strings.HasPrefix(u.Scheme+"://"+u.Host, "http://") || qr.ExpiresIn != 300 {
		t.Fatalf("development QR code: %+v", qr)
	}
	return u.Query().Get("code") + "." + device, qr.State
}

func bind(t *testing.T, e *apptest.Env, token, tenant, code, state string) *apptest.Response {
	t.Helper()
	q := url.Values{"code": {code}, "state": {state}}
	return e.Do(t, apptest.Request{Method: http.MethodGet, Path: base + "/oauth2?" + q.Encode(), Token: token,
		Header: withTenant(tenant, http.Header{"Accept-Language": {"en"}})})
}

func signIn(t *testing.T, e *apptest.Env, tenant, code, state string) *apptest.Response {
	t.Helper()
	form := url.Values{"grant_type": {"wechat"}, "client_id": {"kerf-web"}, "code": {code}, "state": {state},
		"scope": {"openid profile email phone role offline_access kerf"}}
	return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: form,
		Header: withTenant(tenant, http.Header{"Accept-Language": {"en"}})})
}

func TestWeChatCallsAnswer401403And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		nobody := e.CreateUser(t, "", "nobody")
		admin := e.Token(t, "admin", apptest.Password, "")
		for _, c := range []struct {
			name, token string
			want        int
		}{{"anonymous", "", http.StatusUnauthorized}, {"without WeChat.Official", nobody, http.StatusForbidden}} {
			for _, r := range []apptest.Request{
				{Method: http.MethodGet, Path: base + "/check-bind"},
				{Method: http.MethodGet, Path: base + "/qrcode"},
				{Method: http.MethodGet, Path: base + "/qrcode?purpose=bind"},
				{Method: http.MethodGet, Path: base + "/oauth2?code=dev-1.x&state=x"},
				{Method: http.MethodDelete, Path: base + "/binding"},
			} {
				r.Token = c.token
				if res := e.Do(t, r); res.Status != c.want {
					t.Errorf("%s %s %s: %d, want %d (%s)", c.name, r.Method, r.Path, res.Status, c.want, res.Body)
				}
			}
		}
		// The login page's calls are anonymous.
		if res := e.Get(t, base+"/qrcode?purpose=login", ""); res.Status != http.StatusOK {
			t.Errorf("anonymous login QR code: %d %s", res.Status, res.Body)
		}
		var opts wechat.SignInOptions
		e.Get(t, base+"/sign-in-options", "").JSON(t, &opts)
		if opts.Enabled || opts.Provider != wechat.ProviderDevelopment {
			t.Errorf("sign-in options before WeChat sign-in is switched on: %+v", opts)
		}
		enableSignIn(t, e, admin)
		e.Get(t, base+"/sign-in-options", "").JSON(t, &opts)
		if !opts.Enabled || opts.Provider != wechat.ProviderDevelopment {
			t.Errorf("sign-in options: %+v", opts)
		}
		if res := e.Get(t, base+"/qrcode?purpose=other", admin); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
			t.Errorf("unknown purpose: %d %s", res.Status, res.Body)
		}
		// 200s with the permission (the admin role holds every permission).
		var st wechat.BindState
		e.Get(t, base+"/check-bind", admin).JSON(t, &st)
		if st.IsBind {
			t.Fatalf("bound before binding: %+v", st)
		}
		code, state := qrcode(t, e, admin, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, admin, "", code, state); res.Status != http.StatusOK {
			t.Fatalf("bind: %d %s", res.Status, res.Body)
		}
		e.Get(t, base+"/check-bind", admin).JSON(t, &st)
		if !st.IsBind || !strings.HasPrefix(st.NickName, "WeChat (dev) ") {
			t.Fatalf("check-bind after binding: %+v", st)
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodDelete, Path: base + "/binding", Token: admin}); res.Status != http.StatusNoContent {
			t.Fatalf("unbind: %d %s", res.Status, res.Body)
		}
		e.Get(t, base+"/check-bind", admin).JSON(t, &st)
		if st.IsBind {
			t.Fatal("bound after unbinding")
		}
	})
}

func TestBindingAndSigningInWithWeChat(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		enableSignIn(t, e, admin)
		grant(t, e, "", "wx", wechat.PermOfficial)
		clerk := e.CreateUser(t, "", "clerk", "wx")
		demo := e.Token(t, "admin", apptest.Password, "demo")

		// The host admin binds phone A.
		code, state := qrcode(t, e, admin, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, admin, "", code, state); res.Status != http.StatusOK {
			t.Fatalf("bind: %d %s", res.Status, res.Body)
		}
		// The same state again: used.
		if res := bind(t, e, admin, "", code, state); res.Status != http.StatusBadRequest ||
			res.ErrorMessage(t) != "The QR code has expired or was already used: get a new one" {
			t.Fatalf("a used state: %d %s", res.Status, res.Body)
		}
		// The clerk cannot use the admin's state, nor bind phone A (bound to the admin).
		code, state = qrcode(t, e, admin, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, clerk, "", code, state); res.Status != http.StatusBadRequest {
			t.Fatalf("another user's state: %d %s", res.Status, res.Body)
		}
		code, state = qrcode(t, e, clerk, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, clerk, "", code, state); res.Status != http.StatusConflict ||
			res.ErrorMessage(t) != "This WeChat account is already bound to another user" {
			t.Fatalf("bound to another user: %d %s", res.Status, res.Body)
		}
		// A sign-in state cannot bind.
		code, state = qrcode(t, e, "", "", wechat.PurposeLogin, phoneA)
		if res := bind(t, e, admin, "", code, state); res.Status != http.StatusBadRequest {
			t.Fatalf("a sign-in state bound: %d %s", res.Status, res.Body)
		}

		// Phone A signs in to the host as the admin.
		code, state = qrcode(t, e, "", "", wechat.PurposeLogin, phoneA)
		res := signIn(t, e, "", code, state)
		if res.Status != http.StatusOK {
			t.Fatalf("wechat grant: %d %s", res.Status, res.Body)
		}
		tr := res.Map(t)
		tok, _ := tr["access_token"].(string)
		if tok == "" || tr["refresh_token"] == nil || tr["id_token"] == nil {
			t.Fatalf("token answer: %v", tr)
		}
		var who struct {
			Sub               string `json:"sub"`
			PreferredUsername string `json:"preferred_username"`
		}
		e.Get(t, "/connect/userinfo", tok).JSON(t, &who)
		if who.PreferredUsername != "admin" || who.Sub != e.UserID(t, "admin", "").String() {
			t.Fatalf("signed in as %+v", who)
		}
		// Its state is spent.
		if res := signIn(t, e, "", code, state); res.Status != http.StatusBadRequest || res.Map(t)["error"] != "invalid_grant" {
			t.Fatalf("a state used twice: %d %s", res.Status, res.Body)
		}
		// Phone B is bound to nobody: a localised invalid_grant.
		code, state = qrcode(t, e, "", "", wechat.PurposeLogin, phoneB)
		res = signIn(t, e, "", code, state)
		if m := res.Map(t); res.Status != http.StatusBadRequest || m["error"] != "invalid_grant" ||
			!strings.HasPrefix(m["error_description"].(string), "This WeChat account is not bound to a user of this tenant") {
			t.Fatalf("an unbound account: %d %s", res.Status, res.Body)
		}
		// A binding of the host never signs in to the demo tenant, with the demo tenant's state
		// or the host's.
		code, state = qrcode(t, e, "", "demo", wechat.PurposeLogin, phoneA)
		if res := signIn(t, e, "demo", code, state); res.Status != http.StatusBadRequest {
			t.Fatalf("the host's binding signed in to demo: %d %s", res.Status, res.Body)
		}
		code, state = qrcode(t, e, "", "", wechat.PurposeLogin, phoneA)
		if res := signIn(t, e, "demo", code, state); res.Status != http.StatusBadRequest {
			t.Fatalf("a host state signed in to demo: %d %s", res.Status, res.Body)
		}
		// In the demo tenant phone A may be bound to the demo admin, and signs in there as them.
		code, state = qrcode(t, e, demo, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, demo, "", code, state); res.Status != http.StatusOK {
			t.Fatalf("bind in demo: %d %s", res.Status, res.Body)
		}
		code, state = qrcode(t, e, "", "demo", wechat.PurposeLogin, phoneA)
		res = signIn(t, e, "demo", code, state)
		if res.Status != http.StatusOK {
			t.Fatalf("sign in to demo: %d %s", res.Status, res.Body)
		}
		e.Get(t, "/connect/userinfo", res.Map(t)["access_token"].(string)).JSON(t, &who)
		if who.Sub != e.UserID(t, "admin", "demo").String() {
			t.Fatalf("signed in to demo as %+v", who)
		}
	})
}

func TestWeChatSignInHonoursLockoutAndIsInTheSecurityLog(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		enableSignIn(t, e, admin)
		grant(t, e, "", "wx", wechat.PermOfficial)
		clerk := e.CreateUser(t, "", "clerk", "wx")
		code, state := qrcode(t, e, clerk, "", wechat.PurposeBind, phoneA)
		if res := bind(t, e, clerk, "", code, state); res.Status != http.StatusOK {
			t.Fatalf("bind: %d %s", res.Status, res.Body)
		}
		// Five wrong passwords lock the clerk: WeChat does not get round it.
		for range 5 {
			form := url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"clerk"}, "password": {"wrong"}}
			e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: form})
		}
		code, state = qrcode(t, e, "", "", wechat.PurposeLogin, phoneA)
		res := signIn(t, e, "", code, state)
		if m := res.Map(t); res.Status != http.StatusBadRequest || !strings.Contains(m["error_description"].(string), "locked") {
			t.Fatalf("a locked user signed in with WeChat: %d %s", res.Status, res.Body)
		}
		// Security log: the failed sign-in is there, as a lockout.
		var logs struct {
			Items []struct {
				Action   string `json:"action"`
				UserName string `json:"userName"`
			} `json:"items"`
		}
		e.Get(t, "/api/identity/security-logs?maxResultCount=1", admin).JSON(t, &logs)
		if len(logs.Items) != 1 || logs.Items[0].Action != "LoginLockedout" || logs.Items[0].UserName != "clerk" {
			t.Fatalf("security log: %+v", logs.Items)
		}
	})
}

// enableSignIn switches WeChat sign-in on as the host's admin does on the settings page's
// external providers tab (it is off by default).
func enableSignIn(t *testing.T, e *apptest.Env, admin string) {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/account-admin/settings/external-provider", Token: admin,
		JSON: []map[string]any{{"name": "WeChat", "enabled": true, "properties": []any{}, "secretProperties": []any{}}}})
	if res.Status != http.StatusNoContent {
		t.Fatalf("switch WeChat sign-in on: %d %s", res.Status, res.Body)
	}
}
