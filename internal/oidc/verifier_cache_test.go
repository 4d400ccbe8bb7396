package oidc

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"kerf/internal/identity"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// countParses makes the verifier count its cryptographic checks (signature and claims).
func countParses(v *Verifier) *atomic.Int64 {
	var n atomic.Int64
	parse := v.parse
	v.parse = func(ctx context.Context, token string) (*accessClaims, error) {
		n.Add(1)
		return parse(ctx, token)
	}
	return &n
}

func TestVerifierChecksATokenCryptographicallyOnceButItsLoginAndExpiryEveryTime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for _, tc := range []struct {
			rule string
			run  func(t *testing.T, e *env, parses *atomic.Int64)
		}{
			{"a token verified twice is checked cryptographically once", func(t *testing.T, e *env, parses *atomic.Int64) {
				at := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)
				for i := range 3 {
					p, err := e.m.verifier.Verify(ctx, at)
					if err != nil || p.UserName != "admin" {
						t.Fatalf("verification %d: %+v %v", i+1, p, err)
					}
				}
				if n := parses.Load(); n != 1 {
					t.Fatalf("want one cryptographic check for three verifications, got %d", n)
				}
				if n := e.m.verifier.verified.len(); n != 1 {
					t.Fatalf("want one cached token, got %d", n)
				}
				if _, ok := e.m.verifier.verified.m[tokenKey(at)]; !ok {
					t.Fatal("the cache is keyed by the token's SHA-256")
				}
			}},
			{"a logout refuses a cached token at once", func(t *testing.T, e *env, parses *atomic.Int64) {
				tr := e.login("sales", identity.DefaultPassword, "")
				at := tr["access_token"].(string)
				if _, err := e.m.verifier.Verify(ctx, at); err != nil {
					t.Fatal(err)
				}
				if res := e.do(http.MethodPost, "/api/userlogin/logout/"+tr["refresh_token"].(string), nil, nil); res.Status != http.StatusNoContent {
					t.Fatalf("logout: %d %s", res.Status, res.Body)
				}
				if _, err := e.m.verifier.Verify(ctx, at); !errors.Is(err, auth.ErrInvalidToken) {
					t.Fatalf("a cached token of an ended login: %v", err)
				}
				if s := e.userinfo(at); s != http.StatusUnauthorized {
					t.Fatalf("userinfo with a cached token of an ended login: %d", s)
				}
				if n := parses.Load(); n != 1 {
					t.Fatalf("the refusal came from the login check, not a new parse: %d parses", n)
				}
			}},
			{"an expired cached token is refused", func(t *testing.T, e *env, parses *atomic.Int64) {
				at := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)
				if _, err := e.m.verifier.Verify(ctx, at); err != nil {
					t.Fatal(err)
				}
				e.clock.add(time.Hour) // exp = issue time + 1 h: exactly expired
				if _, err := e.m.verifier.Verify(ctx, at); !errors.Is(err, auth.ErrInvalidToken) {
					t.Fatalf("an expired cached token: %v", err)
				}
				if n := e.m.verifier.verified.len(); n != 0 {
					t.Fatalf("an expired token stays cached: %d", n)
				}
				if _, err := e.m.verifier.Verify(ctx, at); !errors.Is(err, auth.ErrInvalidToken) {
					t.Fatalf("an expired token, checked again: %v", err)
				}
				if n := e.m.verifier.verified.len(); n != 0 {
					t.Fatalf("a failed verification was cached: %d", n)
				}
			}},
			{"a tampered token with the cached token's prefix is refused", func(t *testing.T, e *env, parses *atomic.Int64) {
				at := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)
				if _, err := e.m.verifier.Verify(ctx, at); err != nil {
					t.Fatal(err)
				}
				for _, tampered := range []string{at[:len(at)-4] + "AAAA", at + "A", at[:len(at)-1]} {
					for range 2 {
						if _, err := e.m.verifier.Verify(ctx, tampered); !errors.Is(err, auth.ErrInvalidToken) {
							t.Fatalf("tampered token accepted: %v", err)
						}
					}
				}
				if n := e.m.verifier.verified.len(); n != 1 {
					t.Fatalf("want only the genuine token cached, got %d", n)
				}
				if n := parses.Load(); n != 1+6 {
					t.Fatalf("every tampered token must be checked cryptographically: %d parses", n)
				}
			}},
		} {
			t.Run(tc.rule, func(t *testing.T) {
				e := newEnv(t, d)
				tc.run(t, e, countParses(e.m.verifier))
			})
		}
	})
}

func TestVerifiedTokenCacheIsBounded(t *testing.T) {
	var c verifiedTokens
	now := time.Now().Unix()
	for i := range maxVerified {
		exp := now + 3600
		if i%2 == 0 {
			exp = now - 1 // expired ones go first
		}
		c.put(tokenKey(string(rune(i))+"token"), &accessClaims{Expiry: exp}, now)
	}
	if n := c.len(); n != maxVerified {
		t.Fatalf("filled: %d", n)
	}
	c.put(tokenKey("one more"), &accessClaims{Expiry: now + 3600}, now)
	if n := c.len(); n != maxVerified/2+1 {
		t.Fatalf("a full cache drops its expired entries first: %d", n)
	}
	for i := range maxVerified {
		c.put(tokenKey(string(rune(i))+"live"), &accessClaims{Expiry: now + 3600}, now)
	}
	if n := c.len(); n > maxVerified {
		t.Fatalf("the cache grew past its bound: %d", n)
	}
}
