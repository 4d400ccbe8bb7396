package oidc

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
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

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// sendSigninCode asks for a sign-in code and returns what the development sender got.
func (e *env) sendSigninCode(phone string, header http.Header) (string, *response) {
	e.t.Helper()
	res := e.doJSON(http.MethodPost, "/api/account/phone/send-signin-code", "", map[string]string{"phoneNumber": phone}, header)
	if res.Status != http.StatusNoContent {
		return "", res
	}
	m, ok := e.sms.Last(phone)
	if !ok {
		e.t.Fatalf("no SMS to %s", phone)
	}
	return sixDigits.FindString(m.Text), res
}

func (e *env) phone(phone, code string, header http.Header) *response {
	return e.token(url.Values{"grant_type": {GrantPhoneVerify}, "phone_number": {phone}, "phone_verify_code": {code},
		"scope": {strings.Join(WebScopes, " ")}}, header)
}

func TestPhoneVerifyGrant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		const adminPhone = "13800000001" // the seeded host admin's
		code, res := e.sendSigninCode(adminPhone, nil)
		if code == "" {
			t.Fatalf("send-signin-code: %d %s", res.Status, res.Body)
		}
		ok := e.phone(adminPhone, code, nil)
		if ok.Status != http.StatusOK {
			t.Fatalf("phone login: %d %s", ok.Status, ok.Body)
		}
		admin, _ := e.ids.FindByLogin(ctx, "admin")
		if c := claims(t, ok.str(t, "access_token")); c["sub"] != admin.ID.String() || ok.str(t, "refresh_token") == "" {
			t.Fatalf("phone login token: %v", c)
		}
		// A code works once.
		if res := e.phone(adminPhone, code, en); res.Status != http.StatusBadRequest || res.str(t, "error") != "invalid_grant" ||
			res.str(t, "error_description") != "Please request a verification code first" {
			t.Fatalf("second use: %d %s", res.Status, res.Body)
		}
		// Five tries, then the code is gone even if the sixth guess is right.
		e.clock.add(time.Minute) // one code a minute per phone
		code, _ = e.sendSigninCode(adminPhone, nil)
		wrong := "000000"
		if wrong == code {
			wrong = "111111"
		}
		for i := 1; i <= 4; i++ {
			res := e.phone(adminPhone, wrong, en)
			want := "Wrong verification code; " + string(rune('0'+5-i)) + " tries left"
			if res.str(t, "error_description") != want {
				t.Fatalf("try %d: %s, want %q", i, res.Body, want)
			}
		}
		if res := e.phone(adminPhone, wrong, zh); res.str(t, "error_description") != "验证码错误次数过多，请重新获取" {
			t.Fatalf("5th wrong try: %s", res.Body)
		}
		if res := e.phone(adminPhone, code, en); res.Status != http.StatusBadRequest {
			t.Fatalf("the right code after 5 wrong tries: %d %s", res.Status, res.Body)
		}
		// Codes expire after five minutes.
		e.clock.add(time.Minute)
		code, _ = e.sendSigninCode(adminPhone, nil)
		e.clock.add(5 * time.Minute)
		if res := e.phone(adminPhone, code, en); res.str(t, "error_description") != "The verification code has expired; please request a new one" {
			t.Fatalf("expired code: %s", res.Body)
		}
		// Within the five minutes it works.
		code, _ = e.sendSigninCode(adminPhone, nil)
		e.clock.add(4*time.Minute + 59*time.Second)
		if res := e.phone(adminPhone, code, nil); res.Status != http.StatusOK {
			t.Fatalf("code within its lifetime: %d %s", res.Status, res.Body)
		}
		// A new code replaces the previous one; asking twice within a minute is too fast.
		e.clock.add(time.Minute)
		old, _ := e.sendSigninCode(adminPhone, nil)
		_, res = e.sendSigninCode(adminPhone, en)
		if res.Status != http.StatusTooManyRequests {
			t.Fatalf("second code within a minute: %d %s", res.Status, res.Body)
		}
		e.clock.add(time.Minute)
		fresh, _ := e.sendSigninCode(adminPhone, nil)
		if fresh != old {
			if res := e.phone(adminPhone, old, nil); res.Status == http.StatusOK {
				t.Fatal("a replaced code still works")
			}
		}
		// Unknown phones get no code; codes are per tenant.
		if _, res := e.sendSigninCode("13999999999", en); res.Status != http.StatusBadRequest ||
			!strings.Contains(string(res.Body), "No user is registered with this phone number") {
			t.Fatalf("unknown phone: %d %s", res.Status, res.Body)
		}
		tenantAdminPhone := "13800000011"
		if _, res := e.sendSigninCode(tenantAdminPhone, nil); res.Status != http.StatusBadRequest {
			t.Fatalf("the demo tenant's phone is unknown to the host: %d", res.Status)
		}
		tcode, res := e.sendSigninCode(tenantAdminPhone, http.Header{"__tenant": {"demo"}})
		if tcode == "" {
			t.Fatalf("tenant code: %d %s", res.Status, res.Body)
		}
		if res := e.phone(tenantAdminPhone, tcode, nil); res.Status == http.StatusOK {
			t.Fatal("a tenant's code worked on the host")
		}
		e.clock.add(time.Minute)
		tcode, _ = e.sendSigninCode(tenantAdminPhone, http.Header{"__tenant": {"demo"}})
		res = e.phone(tenantAdminPhone, tcode, http.Header{"__tenant": {"demo"}})
		if res.Status != http.StatusOK || claims(t, res.str(t, "access_token"))["tenantid"] == nil {
			t.Fatalf("tenant phone login: %d %s", res.Status, res.Body)
		}
		if res := e.phone("", "", en); res.str(t, "error") != "invalid_request" {
			t.Fatalf("missing phone: %s", res.Body)
		}
		if got := e.securityActions(ctx); !slices.Contains(got, securitylog.ActionLoginFailed) || !slices.Contains(got, securitylog.ActionLoginSucceeded) {
			t.Fatalf("security log = %v", got)
		}
	})
}

func (e *env) impersonate(access string, params url.Values, header http.Header) *response {
	params.Set("grant_type", GrantImpersonation)
	params.Set("access_token", access)
	params.Set("scope", strings.Join(WebScopes, " "))
	return e.token(params, header)
}

func TestImpersonationByUserByTenantAndBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		admin, _ := e.ids.FindByLogin(ctx, "admin")
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		demo, _ := e.ids.ResolveTenant(ctx, "demo")
		adminAT := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)

		// As a user of the same tenant.
		res := e.impersonate(adminAT, url.Values{"UserId": {sales.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate sales: %d %s", res.Status, res.Body)
		}
		asSales := res.str(t, "access_token")
		c := claims(t, asSales)
		if c["sub"] != sales.ID.String() || c["preferred_username"] != "sales" || c["impersonator_userid"] != admin.ID.String() || c["impersonator_tenantid"] != nil {
			t.Fatalf("impersonated claims: %v", c)
		}
		p, err := e.m.verifier.Verify(ctx, asSales)
		if err != nil || p.ImpersonatorUserID == nil || *p.ImpersonatorUserID != admin.ID {
			t.Fatalf("principal of an impersonated token: %+v %v", p, err)
		}
		// No impersonation from an impersonated session, except going back.
		if res := e.impersonate(asSales, url.Values{"UserId": {admin.ID.String() + "x"}}, en); res.Status != http.StatusForbidden ||
			res.str(t, "error") != "access_denied" {
			t.Fatalf("nested impersonation: %d %s", res.Status, res.Body)
		}
		res = e.impersonate(asSales, url.Values{"UserId": {admin.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("back to admin: %d %s", res.Status, res.Body)
		}
		if c := claims(t, res.str(t, "access_token")); c["sub"] != admin.ID.String() || c["impersonator_userid"] != nil {
			t.Fatalf("back to admin claims: %v", c)
		}

		// As a tenant's admin (default user name), and back to the host.
		res = e.impersonate(adminAT, url.Values{"TenantId": {demo.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate tenant: %d %s", res.Status, res.Body)
		}
		asTenant := res.str(t, "access_token")
		c = claims(t, asTenant)
		if c["tenantid"] != demo.ID.String() || c["preferred_username"] != "admin" || c["impersonator_userid"] != admin.ID.String() || c["impersonator_tenantid"] != nil {
			t.Fatalf("tenant impersonation claims: %v", c)
		}
		res = e.impersonate(asTenant, url.Values{"UserId": {admin.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("back from the tenant: %d %s", res.Status, res.Body)
		}
		if c := claims(t, res.str(t, "access_token")); c["sub"] != admin.ID.String() || c["tenantid"] != nil {
			t.Fatalf("back from tenant: %v", c)
		}
		// A named tenant user; a missing one.
		tctx := tenancy.WithTenant(ctx, demo)
		if _, err := e.ids.CreateUser(tctx, identity.CreateUserInput{UserName: "clerk", Password: "Clerk-1", LockoutEnabled: true}); err != nil {
			t.Fatal(err)
		}
		res = e.impersonate(adminAT, url.Values{"TenantId": {demo.ID.String()}, "TenantUserName": {"clerk"}}, nil)
		if res.Status != http.StatusOK || claims(t, res.str(t, "access_token"))["preferred_username"] != "clerk" {
			t.Fatalf("tenant user by name: %d %s", res.Status, res.Body)
		}
		res = e.impersonate(adminAT, url.Values{"TenantId": {demo.ID.String()}, "TenantUserName": {"ghost"}}, en)
		if res.Status != http.StatusBadRequest || res.str(t, "error_description") != "The user to log in as does not exist: ghost" {
			t.Fatalf("missing tenant user: %d %s", res.Status, res.Body)
		}

		// Without the permissions.
		salesAT := e.login("sales", identity.DefaultPassword, "")["access_token"].(string)
		for _, params := range []url.Values{{"UserId": {admin.ID.String()}}, {"TenantId": {demo.ID.String()}}} {
			res := e.impersonate(salesAT, params, zh)
			if res.Status != http.StatusForbidden || res.str(t, "error_description") != "没有以其他身份登录的权限" {
				t.Fatalf("sales impersonating %v: %d %s", params, res.Status, res.Body)
			}
		}
		// A tenant user may not impersonate tenants, even as the tenant's admin.
		tenantAT := e.login("admin", identity.DefaultPassword, "demo")["access_token"].(string)
		if res := e.impersonate(tenantAT, url.Values{"TenantId": {demo.ID.String()}}, nil); res.Status != http.StatusForbidden {
			t.Fatalf("tenant admin impersonating a tenant: %d %s", res.Status, res.Body)
		}
		// The tenant admin may impersonate users of their tenant.
		clerk, _ := e.ids.FindByLogin(tctx, "clerk")
		if res := e.impersonate(tenantAT, url.Values{"UserId": {clerk.ID.String()}}, nil); res.Status != http.StatusOK {
			t.Fatalf("tenant admin impersonating a tenant user: %d %s", res.Status, res.Body)
		}
		// Bad requests.
		if res := e.impersonate("junk", url.Values{"UserId": {sales.ID.String()}}, en); res.Status != http.StatusBadRequest ||
			res.str(t, "error_description") != "The access token is invalid or has expired" {
			t.Fatalf("bad access token: %d %s", res.Status, res.Body)
		}
		if res := e.impersonate(adminAT, url.Values{}, en); res.str(t, "error") != "invalid_request" {
			t.Fatalf("no target: %s", res.Body)
		}
		if res := e.impersonate(adminAT, url.Values{"UserId": {admin.ID.String()}}, en); res.str(t, "error_description") != "You cannot log in as yourself" {
			t.Fatalf("self: %s", res.Body)
		}
		got := e.securityActions(ctx)
		for _, want := range []string{securitylog.ActionImpersonateUser, securitylog.ActionImpersonateTenant, securitylog.ActionBackToImpersonator, securitylog.ActionImpersonationDenied} {
			if !slices.Contains(got, want) {
				t.Errorf("host security log %v lacks %s", got, want)
			}
		}
	})
}

func TestClientCredentialsGrant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.token(url.Values{"grant_type": {GrantClientCredentials}, "client_id": {DemoServiceClientID}, "client_secret": {DemoServiceSecret}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("client_credentials (post): %d %s", res.Status, res.Body)
		}
		body := res.json(t)
		c := claims(t, body["access_token"].(string))
		if c["sub"] != nil || c["client_id"] != DemoServiceClientID || c["scope"] != ScopeAPI || body["refresh_token"] != nil {
			t.Fatalf("client token: %v %v", c, body)
		}
		p, err := e.m.verifier.Verify(context.Background(), body["access_token"].(string))
		if err != nil || !p.ClientOnly || !p.Authenticated() || p.ClientID != DemoServiceClientID {
			t.Fatalf("client principal: %+v %v", p, err)
		}
		// HTTP Basic authentication works too.
		req := url.Values{"grant_type": {GrantClientCredentials}}
		basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(DemoServiceClientID+":"+DemoServiceSecret))
		if res := e.do(http.MethodPost, "/connect/token", req, http.Header{"Authorization": {basic}}); res.Status != http.StatusOK {
			t.Fatalf("client_credentials (basic): %d %s", res.Status, res.Body)
		}
		if res := e.token(url.Values{"grant_type": {GrantClientCredentials}, "client_id": {DemoServiceClientID}, "client_secret": {"wrong"}}, en); res.Status != http.StatusUnauthorized ||
			res.str(t, "error") != "invalid_client" {
			t.Fatalf("wrong secret: %d %s", res.Status, res.Body)
		}
		if res := e.token(url.Values{"grant_type": {GrantClientCredentials}}, en); res.Status == http.StatusOK {
			t.Fatalf("the public web client got a client token: %s", res.Body)
		}
		// A client token is no user: userinfo refuses it.
		if s := e.userinfo(body["access_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("userinfo with a client token: %d", s)
		}
	})
}

func pkcePair() (verifier, challenge string) {
	verifier = "a-long-enough-code-verifier-of-the-test-0123456789"
	sum := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(sum[:])
}

func TestAuthorizationCodeWithPKCEThroughTheLoginPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		verifier, challenge := pkcePair()
		redirect := "http://localhost:5173/auth-redirect"
		q := url.Values{"client_id": {WebClientID}, "response_type": {"code"}, "redirect_uri": {redirect},
			"scope": {"openid profile offline_access kerf"}, "state": {"state-12345"}, "nonce": {"nonce-12345"},
			"code_challenge": {challenge}, "code_challenge_method": {"S256"}}
		page := e.do(http.MethodGet, "/connect/authorize?"+q.Encode(), nil, en)
		if page.Status != http.StatusOK || !strings.Contains(string(page.Body), `name="password"`) ||
			!strings.Contains(string(page.Body), "Log in to Kerf") || page.Header.Get("X-Frame-Options") != "DENY" {
			t.Fatalf("login page: %d %s", page.Status, page.Body)
		}
		// A wrong password shows the page again with the message.
		post := func(user, password string) *response {
			f := url.Values{}
			for k, v := range q {
				f[k] = v
			}
			f.Set("username", user)
			f.Set("password", password)
			return e.do(http.MethodPost, "/connect/authorize", f, zh)
		}
		if res := post("admin", "wrong"); res.Status != http.StatusOK || !strings.Contains(string(res.Body), "用户名或密码错误") {
			t.Fatalf("wrong password on the page: %d %s", res.Status, res.Body)
		}
		res := post("admin", identity.DefaultPassword)
		if res.Status != http.StatusSeeOther && res.Status != http.StatusFound {
			t.Fatalf("login: %d %s", res.Status, res.Body)
		}
		loc, err := url.Parse(res.Header.Get("Location"))
		if err != nil || !strings.HasPrefix(loc.String(), redirect) || loc.Query().Get("state") != "state-12345" || loc.Query().Get("code") == "" {
			t.Fatalf("redirect: %v", res.Header.Get("Location"))
		}
		code := loc.Query().Get("code")
		exchange := func(v string) *response {
			return e.token(url.Values{"grant_type": {GrantAuthorizationCode}, "code": {code}, "redirect_uri": {redirect}, "code_verifier": {v}}, en)
		}
		if res := exchange("a-wrong-verifier-a-wrong-verifier-a-wrong-verifier"); res.Status != http.StatusBadRequest {
			t.Fatalf("wrong code_verifier: %d %s", res.Status, res.Body)
		}
		// fosite invalidates the code on a failed PKCE check? It must still refuse reuse after success.
		res = e.do(http.MethodPost, "/connect/authorize", func() url.Values {
			f := url.Values{}
			for k, v := range q {
				f[k] = v
			}
			f.Set("username", "admin")
			f.Set("password", identity.DefaultPassword)
			return f
		}(), nil)
		loc, _ = url.Parse(res.Header.Get("Location"))
		code = loc.Query().Get("code")
		tok := exchange(verifier)
		if tok.Status != http.StatusOK {
			t.Fatalf("code exchange: %d %s", tok.Status, tok.Body)
		}
		body := tok.json(t)
		admin, _ := e.ids.FindByLogin(context.Background(), "admin")
		if claims(t, body["access_token"].(string))["sub"] != admin.ID.String() || body["refresh_token"] == nil {
			t.Fatalf("tokens of the code: %v", body)
		}
		if id := claims(t, body["id_token"].(string)); id["nonce"] != "nonce-12345" || id["sub"] != admin.ID.String() {
			t.Fatalf("id token of the code: %v", id)
		}
		refreshed := e.refresh(body["refresh_token"].(string), nil)
		if refreshed.Status != http.StatusOK {
			t.Fatalf("refresh of a code login: %d %s", refreshed.Status, refreshed.Body)
		}
		// A code used twice is stolen or replayed: it fails, and its login ends (RFC 6749 §4.1.2).
		if res := exchange(verifier); res.Status != http.StatusBadRequest || res.str(t, "error_description") != "The authorization code is invalid or has expired" {
			t.Fatalf("code reuse: %d %s", res.Status, res.Body)
		}
		if res := e.refresh(refreshed.str(t, "refresh_token"), nil); res.Status != http.StatusBadRequest {
			t.Fatalf("the login of a reused code must end: %d %s", res.Status, res.Body)
		}
		// PKCE is required of the web client; unregistered redirects are refused.
		noPKCE := url.Values{"client_id": {WebClientID}, "response_type": {"code"}, "redirect_uri": {redirect}, "scope": {"openid"}, "state": {"state-12345"}}
		if res := e.do(http.MethodGet, "/connect/authorize?"+noPKCE.Encode(), nil, nil); res.Status < 300 || res.Status >= 400 ||
			!strings.Contains(res.Header.Get("Location"), "error=") {
			t.Fatalf("no code_challenge: %d %v", res.Status, res.Header)
		}
		evil := url.Values{"client_id": {WebClientID}, "response_type": {"code"}, "redirect_uri": {"https://evil.example/cb"},
			"scope": {"openid"}, "state": {"state-12345"}, "code_challenge": {challenge}, "code_challenge_method": {"S256"}}
		if res := e.do(http.MethodGet, "/connect/authorize?"+evil.Encode(), nil, nil); res.Status == http.StatusOK ||
			strings.Contains(res.Header.Get("Location"), "evil.example") {
			t.Fatalf("unregistered redirect: %d %v", res.Status, res.Header)
		}
	})
}
