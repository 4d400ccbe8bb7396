package oidc

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/securitylog"
)

func (e *env) refresh(token string, header http.Header) *response {
	return e.token(url.Values{"grant_type": {GrantRefreshToken}, "refresh_token": {token}}, header)
}

func (e *env) userinfo(access string) int {
	return e.do(http.MethodGet, "/connect/userinfo", nil, e.bearer(access)).Status
}

func TestRefreshTokensRotateAndReusingASpentOneEndsTheWholeLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		first := e.login("admin", identity.DefaultPassword, "")
		rt1, at1 := first["refresh_token"].(string), first["access_token"].(string)

		res := e.refresh(rt1, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("refresh: %d %s", res.Status, res.Body)
		}
		second := res.json(t)
		rt2, at2 := second["refresh_token"].(string), second["access_token"].(string)
		if rt2 == "" || rt2 == rt1 || at2 == at1 || second["id_token"] == nil || second["token_type"] != "Bearer" {
			t.Fatalf("refresh must rotate and answer new tokens: %v", second)
		}
		c1, c2 := claims(t, at1), claims(t, at2)
		if c1["sid"] != c2["sid"] || c1["sub"] != c2["sub"] || c1["jti"] == c2["jti"] {
			t.Fatalf("a refreshed token belongs to the same login with a new id: %v / %v", c1, c2)
		}
		if e.userinfo(at1) != http.StatusOK || e.userinfo(at2) != http.StatusOK {
			t.Fatal("both access tokens of a live login work")
		}

		// The spent refresh token comes back: the whole login ends.
		res = e.refresh(rt1, en)
		if res.Status != http.StatusBadRequest || res.str(t, "error") != "invalid_grant" ||
			res.str(t, "error_description") != "The refresh token was already used; for safety every token of this login was revoked. Please log in again" {
			t.Fatalf("reuse: %d %s", res.Status, res.Body)
		}
		if res := e.refresh(rt2, en); res.Status != http.StatusBadRequest || res.str(t, "error") != "invalid_grant" ||
			res.str(t, "error_description") != "The refresh token is not valid, please log in again" {
			t.Fatalf("the current refresh token of a revoked login must fail: %d %s", res.Status, res.Body)
		}
		if s := e.userinfo(at2); s != http.StatusUnauthorized {
			t.Fatalf("access token of a revoked login: %d, want 401", s)
		}
		// Another login of the same user is not touched.
		other := e.login("admin", identity.DefaultPassword, "")
		if res := e.refresh(other["refresh_token"].(string), nil); res.Status != http.StatusOK {
			t.Fatalf("another login: %d %s", res.Status, res.Body)
		}
		got := e.securityActions(context.Background())
		want := []string{securitylog.ActionLoginSucceeded, securitylog.ActionRefreshToken, securitylog.ActionRefreshTokenReused,
			securitylog.ActionLoginSucceeded, securitylog.ActionRefreshToken}
		if !slices.Equal(got, want) {
			t.Fatalf("security log = %v, want %v", got, want)
		}
	})
}

func TestRefreshFailuresAndRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		if res := e.refresh("not-a-token", zh); res.Status != http.StatusBadRequest || res.str(t, "error_description") != "刷新令牌无效，请重新登录" {
			t.Fatalf("garbage refresh token: %d %s", res.Status, res.Body)
		}
		// Without offline_access there is no refresh token.
		res := e.token(url.Values{"grant_type": {GrantPassword}, "username": {"admin"}, "password": {identity.DefaultPassword},
			"scope": {"openid kerf"}}, nil)
		if res.Status != http.StatusOK || res.json(t)["refresh_token"] != nil {
			t.Fatalf("no offline_access, no refresh token: %s", res.Body)
		}
		// A refresh token belongs to its client.
		tr := e.login("sales", identity.DefaultPassword, "")
		res = e.token(url.Values{"grant_type": {GrantRefreshToken}, "refresh_token": {tr["refresh_token"].(string)},
			"client_id": {DemoServiceClientID}, "client_secret": {DemoServiceSecret}}, en)
		if res.Status == http.StatusOK {
			t.Fatalf("another client used the refresh token: %s", res.Body)
		}
		// Roles are read again on refresh (the web client updates claims on refresh).
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		if _, err := d.NewDelete().TableExpr("identity_user_roles").Where("user_id = ?", sales.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		tr2 := e.login("sales", identity.DefaultPassword, "")
		if roles := claims(t, tr2["access_token"].(string))["role"]; roles != nil {
			t.Fatalf("roles after removal = %v", roles)
		}
		// A password change ends the user's other logins at their next refresh.
		if err := e.ids.ChangePassword(ctx, sales.ID, identity.DefaultPassword, "N3w-password"); err != nil {
			t.Fatal(err)
		}
		res = e.refresh(tr2["refresh_token"].(string), en)
		if res.Status != http.StatusBadRequest ||
			res.str(t, "error_description") != "The login is no longer valid (the password or the account changed), please log in again" {
			t.Fatalf("refresh after a password change: %d %s", res.Status, res.Body)
		}
		if s := e.userinfo(tr2["access_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("the ended login's access token still works: %d", s)
		}
	})
}

func TestRevocationAndLogoutEndTheLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()

		// Revoking the refresh token ends its login.
		a := e.login("admin", identity.DefaultPassword, "")
		res := e.do(http.MethodPost, "/connect/revocation", url.Values{"client_id": {WebClientID},
			"token": {a["refresh_token"].(string)}, "token_type_hint": {"refresh_token"}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("revocation: %d %s", res.Status, res.Body)
		}
		if r := e.refresh(a["refresh_token"].(string), nil); r.Status != http.StatusBadRequest {
			t.Fatalf("revoked refresh token still refreshes: %d", r.Status)
		}
		if s := e.userinfo(a["access_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("access token of a revoked login: %d", s)
		}
		// Revoking an access token ends its login too.
		b := e.login("admin", identity.DefaultPassword, "")
		if res := e.do(http.MethodPost, "/connect/revocation", url.Values{"client_id": {WebClientID},
			"token": {b["access_token"].(string)}}, nil); res.Status != http.StatusOK {
			t.Fatalf("revoke access token: %d %s", res.Status, res.Body)
		}
		if r := e.refresh(b["refresh_token"].(string), nil); r.Status != http.StatusBadRequest {
			t.Fatalf("refresh token of a revoked access token's login: %d", r.Status)
		}
		// Unknown tokens are fine (RFC 7009); a missing client is not.
		if res := e.do(http.MethodPost, "/connect/revocation", url.Values{"client_id": {WebClientID}, "token": {"junk"}}, nil); res.Status != http.StatusOK {
			t.Fatalf("unknown token: %d", res.Status)
		}
		if res := e.do(http.MethodPost, "/connect/revocation", url.Values{"client_id": {"nobody"}, "token": {"junk"}}, en); res.Status != http.StatusUnauthorized ||
			res.str(t, "error") != "invalid_client" {
			t.Fatalf("unknown client: %d %s", res.Status, res.Body)
		}

		// Logout with the refresh token (what the web client sends) ends the login, once.
		c := e.login("sales", identity.DefaultPassword, "")
		for i := range 2 {
			res := e.do(http.MethodPost, "/api/userlogin/logout/"+c["refresh_token"].(string), nil, nil)
			if res.Status != http.StatusNoContent {
				t.Fatalf("logout %d: %d %s", i+1, res.Status, res.Body)
			}
		}
		if r := e.refresh(c["refresh_token"].(string), nil); r.Status != http.StatusBadRequest {
			t.Fatalf("refresh after logout: %d", r.Status)
		}
		// Logout with a client id ends the caller's own login (the bearer token's).
		dd := e.login("sales", identity.DefaultPassword, "")
		res = e.do(http.MethodPost, "/api/userlogin/logout/kerf-web", nil, e.bearer(dd["access_token"].(string)))
		if res.Status != http.StatusNoContent {
			t.Fatalf("logout by client id: %d %s", res.Status, res.Body)
		}
		if s := e.userinfo(dd["access_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("after logout the access token must stop working: %d", s)
		}
		// Logging out without anything to end is harmless.
		if res := e.do(http.MethodPost, "/api/userlogin/logout/iShare_Web", nil, nil); res.Status != http.StatusNoContent {
			t.Fatalf("anonymous logout: %d", res.Status)
		}
		n := 0
		for _, a := range e.securityActions(ctx) {
			if a == securitylog.ActionLogout {
				n++
			}
		}
		if n != 4 {
			t.Fatalf("want a Logout row per login ended (4), got %d: %v", n, e.securityActions(ctx))
		}
	})
}

func TestVerifierRefusesExpiredForgedAndForeignTokens(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tr := e.login("admin", identity.DefaultPassword, "")
		at := tr["access_token"].(string)
		// An identity token is signed with the same key but is no access token.
		if s := e.userinfo(tr["id_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("id_token accepted as an access token: %d", s)
		}
		forged := at[:len(at)-4] + "AAAA"
		if s := e.userinfo(forged); s != http.StatusUnauthorized {
			t.Fatalf("forged signature: %d", s)
		}
		kid := jwtHeader(t, at)["kid"].(string)
		for name, kid := range map[string]string{"the server's key id": kid, "an unknown key id": "unknown"} {
			foreign := signWithForeignKey(t, at, kid)
			if _, err := e.m.verifier.Verify(context.Background(), foreign); err == nil {
				t.Fatalf("a token signed by another key, naming %s, was accepted", name)
			}
		}
		e.clock.add(61 * 60e9)
		res := e.do(http.MethodGet, "/connect/userinfo", nil, http.Header{"Authorization": {"Bearer " + at}, "Accept-Language": {"en"}})
		if res.Status != http.StatusUnauthorized || res.json(t)["error"].(map[string]any)["message"] != "Identity token expired, please log in again" {
			t.Fatalf("expired token: %d %s", res.Status, res.Body)
		}
	})
}
