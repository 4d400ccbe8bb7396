package oidc

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
	"kerf/internal/securitylog"
)

func TestPasswordGrantIssuesSignedTokensWithKerfsClaims(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.password("admin", identity.DefaultPassword, "")
		if res.Status != http.StatusOK {
			t.Fatalf("admin login: %d %s", res.Status, res.Body)
		}
		body := res.json(t)
		if body["token_type"] != "Bearer" || body["expires_in"].(float64) < 3590 || body["expires_in"].(float64) > 3600 {
			t.Fatalf("token_type/expires_in: %v", body)
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("token answers must not be cached: %v", res.Header)
		}
		for _, k := range []string{"access_token", "refresh_token", "id_token", "scope"} {
			if s, _ := body[k].(string); s == "" {
				t.Fatalf("no %s in %v", k, body)
			}
		}
		scopes := strings.Fields(body["scope"].(string))
		slices.Sort(scopes)
		want := slices.Clone(WebScopes)
		slices.Sort(want)
		if !slices.Equal(scopes, want) {
			t.Fatalf("scope = %v, want %v", scopes, want)
		}
		admin, _ := e.ids.FindByLogin(context.Background(), "admin")
		c := claims(t, body["access_token"].(string))
		if c["sub"] != admin.ID.String() || c["preferred_username"] != "admin" || c["client_id"] != WebClientID ||
			c["jti"] == "" || c["sid"] == "" || c["tenantid"] != nil || c["impersonator_userid"] != nil {
			t.Fatalf("access token claims: %v", c)
		}
		if roles, _ := c["role"].([]any); len(roles) != 1 || roles[0] != identity.AdminRole {
			t.Fatalf("role claim = %v", c["role"])
		}
		if aud, _ := c["aud"].([]any); len(aud) != 1 || aud[0] != Audience {
			t.Fatalf("aud = %v", c["aud"])
		}
		if exp, iat := c["exp"].(float64), c["iat"].(float64); exp-iat != 3600 {
			t.Fatalf("access token lives %v s, want 3600", exp-iat)
		}
		id := claims(t, body["id_token"].(string))
		if id["sub"] != admin.ID.String() || id["aud"].([]any)[0] != WebClientID || id["exp"].(float64)-id["iat"].(float64) != 300 {
			t.Fatalf("id token claims: %v", id)
		}
		// The access token opens the API as admin.
		info := e.do(http.MethodGet, "/connect/userinfo", nil, e.bearer(body["access_token"].(string)))
		if info.Status != http.StatusOK || info.str(t, "preferred_username") != "admin" || info.str(t, "email") != "admin@kerf.local" {
			t.Fatalf("userinfo: %d %s", info.Status, info.Body)
		}
		// E-mail works as the login too, in any case.
		if res := e.password("ADMIN@kerf.local", identity.DefaultPassword, ""); res.Status != http.StatusOK {
			t.Fatalf("login by e-mail: %d %s", res.Status, res.Body)
		}
		if got := e.securityActions(context.Background()); !slices.Equal(got, []string{securitylog.ActionLoginSucceeded, securitylog.ActionLoginSucceeded}) {
			t.Fatalf("security log = %v", got)
		}
	})
}

func TestPasswordGrantPicksTheTenantFromTheFieldOrTheHeader(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		demo, err := e.ids.ResolveTenant(context.Background(), identity.DemoTenantName)
		if err != nil {
			t.Fatal(err)
		}
		byField := e.login("admin", identity.DefaultPassword, "demo")
		if c := claims(t, byField["access_token"].(string)); c["tenantid"] != demo.ID.String() {
			t.Fatalf("tenant field: tenantid = %v", c["tenantid"])
		}
		form := url.Values{"grant_type": {GrantPassword}, "username": {"admin"}, "password": {identity.DefaultPassword}}
		res := e.token(form, http.Header{"__tenant": {"demo"}})
		if res.Status != http.StatusOK || claims(t, res.str(t, "access_token"))["tenantid"] != demo.ID.String() {
			t.Fatalf("__tenant header: %d %s", res.Status, res.Body)
		}
		// The tenant admin is not the host admin: the verifier gives the tenant and its name.
		p, err := e.m.verifier.Verify(context.Background(), res.str(t, "access_token"))
		if err != nil || p.TenantID == nil || *p.TenantID != *demo.ID || p.TenantName != "demo" {
			t.Fatalf("principal: %+v %v", p, err)
		}
		// The tenant's security log has the row, the host's does not.
		tctx := tenancy.WithTenant(context.Background(), demo)
		if got := e.securityActions(tctx); len(got) != 2 {
			t.Fatalf("tenant security log = %v", got)
		}
		if got := e.securityActions(context.Background()); len(got) != 0 {
			t.Fatalf("host security log = %v", got)
		}
		// An unknown tenant is an RFC 6749 error, localised, whether named in the field or the header.
		form.Set("tenant", "nowhere")
		res = e.token(form, en)
		if res.Status != http.StatusBadRequest || res.str(t, "error") != "invalid_request" ||
			res.str(t, "error_description") != "Tenant is not available: nowhere" {
			t.Fatalf("unknown tenant field: %d %s", res.Status, res.Body)
		}
		form.Del("tenant")
		res = e.token(form, http.Header{"__tenant": {"nowhere"}, "Accept-Language": {"zh"}})
		if res.Status != http.StatusBadRequest || res.str(t, "error_description") != "租户不可用：nowhere" {
			t.Fatalf("unknown tenant header: %d %s", res.Status, res.Body)
		}
	})
}

func TestPasswordGrantFailuresAnswerRFC6749ErrorsInBothLanguages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		pw := func(extra url.Values) url.Values {
			f := url.Values{"grant_type": {GrantPassword}, "username": {"admin"}, "password": {identity.DefaultPassword}}
			for k, v := range extra {
				f[k] = v
			}
			return f
		}
		cases := []struct {
			name   string
			form   url.Values
			status int
			code   string
			zh, en string
		}{
			{"wrong password", pw(url.Values{"password": {"nope"}}), 400, "invalid_grant", "用户名或密码错误", "Invalid user name or password"},
			{"unknown user", pw(url.Values{"username": {"ghost"}}), 400, "invalid_grant", "用户名或密码错误", "Invalid user name or password"},
			{"no password", pw(url.Values{"password": {""}}), 400, "invalid_request", "请输入用户名和密码", "Please enter the user name and the password"},
			{"unknown client", pw(url.Values{"client_id": {"nobody"}}), 401, "invalid_client", "客户端认证失败", "Client authentication failed"},
			{"grant not allowed to the client", pw(url.Values{"client_id": {DemoServiceClientID}, "client_secret": {DemoServiceSecret}}), 400,
				"unauthorized_client", "该客户端不允许使用此授权方式", "This client may not use this grant type"},
			{"scope not allowed", pw(url.Values{"scope": {"openid admin-everything"}}), 400, "invalid_scope",
				"请求的范围无效或不被允许", "The requested scope is invalid or not allowed"},
			{"unknown grant type", url.Values{"grant_type": {"magic"}}, 400, "unsupported_grant_type", "不支持的授权类型：magic", "Unsupported grant type: magic"},
		}
		for _, c := range cases {
			for _, lang := range []struct {
				h    http.Header
				want string
			}{{zh, c.zh}, {en, c.en}, {nil, c.zh}} {
				res := e.token(c.form, lang.h)
				if res.Status != c.status || res.str(t, "error") != c.code || res.str(t, "error_description") != lang.want {
					t.Errorf("%s (%v): %d %s; want %d %s %q", c.name, lang.h, res.Status, res.Body, c.status, c.code, lang.want)
				}
			}
		}
		// A disabled user with the right password is told so; the log says why.
		ctx := context.Background()
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		if _, err := d.NewUpdate().Model(sales).Set("is_active = ?", false).WherePK().Exec(ctx); err != nil {
			t.Fatal(err)
		}
		res := e.token(url.Values{"grant_type": {GrantPassword}, "username": {"sales"}, "password": {identity.DefaultPassword}}, en)
		if res.Status != 400 || res.str(t, "error_description") != "This user is disabled and cannot log in" {
			t.Fatalf("disabled user: %d %s", res.Status, res.Body)
		}
		got := e.securityActions(ctx)
		for _, want := range []string{securitylog.ActionLoginInvalidUserNameOrPassword, securitylog.ActionLoginInvalidUserName, securitylog.ActionLoginNotAllowed} {
			if !slices.Contains(got, want) {
				t.Errorf("security log %v lacks %s", got, want)
			}
		}
	})
}

func TestLockoutAfterFiveWrongPasswordsAndItsEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		for i := 1; i <= 4; i++ {
			res := e.token(url.Values{"grant_type": {GrantPassword}, "username": {"sales"}, "password": {"wrong"}}, en)
			if res.str(t, "error_description") != "Invalid user name or password" {
				t.Fatalf("attempt %d: %s", i, res.Body)
			}
		}
		res := e.token(url.Values{"grant_type": {GrantPassword}, "username": {"sales"}, "password": {"wrong"}}, en)
		if res.Status != 400 || res.str(t, "error") != "invalid_grant" ||
			res.str(t, "error_description") != "Too many failed logins: the account is locked, try again in 5 minutes" {
			t.Fatalf("5th wrong password must lock: %d %s", res.Status, res.Body)
		}
		// While locked even the right password is refused, with the time left.
		e.clock.add(2 * time.Minute)
		res = e.token(url.Values{"grant_type": {GrantPassword}, "username": {"sales"}, "password": {identity.DefaultPassword}}, zh)
		if res.Status != 400 || res.str(t, "error_description") != "登录失败次数过多，账户已被锁定，请在 3 分钟后重试" {
			t.Fatalf("locked user with the right password: %d %s", res.Status, res.Body)
		}
		e.clock.add(3*time.Minute + time.Second)
		if res := e.password("sales", identity.DefaultPassword, ""); res.Status != http.StatusOK {
			t.Fatalf("after the lockout ends: %d %s", res.Status, res.Body)
		}
		u, _ := e.ids.FindByLogin(ctx, "sales")
		if u.AccessFailedCount != 0 || u.LockoutEnd != nil {
			t.Fatalf("a successful login must reset the count: %d %v", u.AccessFailedCount, u.LockoutEnd)
		}
		want := []string{"LoginInvalidUserNameOrPassword", "LoginInvalidUserNameOrPassword", "LoginInvalidUserNameOrPassword",
			"LoginInvalidUserNameOrPassword", "LoginLockedout", "LoginLockedout", "LoginSucceeded"}
		if got := e.securityActions(ctx); !slices.Equal(got, want) {
			t.Fatalf("security log = %v, want %v", got, want)
		}
	})
}
