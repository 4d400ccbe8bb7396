package oidc

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v3"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/ratelimit"
)

func TestDiscoveryAndJWKSLetClientsCheckTokens(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.do(http.MethodGet, "/.well-known/openid-configuration", nil, http.Header{"X-Forwarded-Proto": {"https"}, "X-Forwarded-Host": {"kerf.example.com"}})
		doc := res.json(t)
		if res.Status != http.StatusOK || doc["issuer"] != "https://kerf.example.com" || doc["token_endpoint"] != "https://kerf.example.com/connect/token" ||
			doc["jwks_uri"] != "https://kerf.example.com/.well-known/openid-configuration/jwks" {
			t.Fatalf("discovery: %d %v", res.Status, doc)
		}
		grants, _ := doc["grant_types_supported"].([]any)
		for _, g := range knownGrants {
			if !slices.Contains(grants, any(g)) {
				t.Errorf("grant %s not advertised", g)
			}
		}
		res = e.do(http.MethodGet, "/.well-known/openid-configuration/jwks", nil, nil)
		var set jose.JSONWebKeySet
		if err := json.Unmarshal(res.Body, &set); err != nil || len(set.Keys) != 1 || set.Keys[0].IsPublic() == false || set.Keys[0].Algorithm != "RS256" {
			t.Fatalf("jwks: %d %s", res.Status, res.Body)
		}
		key := set.Keys[0]
		tr := e.login("admin", identity.DefaultPassword, "")
		for _, name := range []string{"access_token", "id_token"} {
			jws, err := jose.ParseSigned(tr[name].(string))
			if err != nil {
				t.Fatal(err)
			}
			if jws.Signatures[0].Header.KeyID != key.KeyID {
				t.Errorf("%s kid %q, JWKS kid %q", name, jws.Signatures[0].Header.KeyID, key.KeyID)
			}
			if _, err := jws.Verify(key.Key); err != nil {
				t.Errorf("%s does not verify with the JWKS key: %v", name, err)
			}
		}
		// Tokens name the issuer the client called.
		if c := claims(t, tr["access_token"].(string)); c["iss"] != "http://example.com" {
			t.Errorf("iss = %v", c["iss"])
		}
	})
}

func TestTokenEndpointIsRateLimitedPerIPAndPerUserName(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := &testClock{t: time.Now()}
		ip := ratelimit.Every(d, "ip", time.Second, 3).WithClock(clock.now)
		user := ratelimit.Every(d, "user", time.Minute, 2).WithClock(clock.now)
		e := newEnv(t, d, withLimits(ip, user))
		form := url.Values{"grant_type": {GrantPassword}, "username": {"sales"}, "password": {"wrong"}}
		for i := range 2 {
			if res := e.token(form, nil); res.Status != http.StatusBadRequest {
				t.Fatalf("attempt %d: %d %s", i+1, res.Status, res.Body)
			}
		}
		res := e.token(form, en)
		if res.Status != http.StatusTooManyRequests || res.str(t, "error_description") != "Operating too fast, please try again later" {
			t.Fatalf("3rd attempt for one user name: %d %s", res.Status, res.Body)
		}
		// The IP's bucket (3) is now empty too: any grant is refused, in Chinese by default.
		res = e.token(url.Values{"grant_type": {GrantPassword}, "username": {"admin"}, "password": {identity.DefaultPassword}}, nil)
		if res.Status != http.StatusTooManyRequests || res.str(t, "error_description") != "操作太快了，请稍后再试" {
			t.Fatalf("4th request from one IP: %d %s", res.Status, res.Body)
		}
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
			t.Fatalf("Retry-After = %q", res.Header.Get("Retry-After"))
		}
		// Another address is not held back by the first one's bucket.
		req := httptest.NewRequest(http.MethodPost, "/connect/token", strings.NewReader(url.Values{"grant_type": {GrantPassword},
			"client_id": {WebClientID}, "username": {"admin"}, "password": {identity.DefaultPassword}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "10.9.9.9:4321"
		other := httptest.NewRecorder()
		e.api.Router.ServeHTTP(other, req)
		if other.Code != http.StatusOK {
			t.Fatalf("another IP: %d %s", other.Code, other.Body)
		}
		clock.add(time.Minute)
		if res := e.password("sales", identity.DefaultPassword, ""); res.Status != http.StatusOK {
			t.Fatalf("after the limits refill: %d %s", res.Status, res.Body)
		}
	})
}
