package oidc

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"testing"

	"kerf/internal/identity"
	"kerf/internal/platform/db/dbtest"
)

// BenchmarkTokens measures the token endpoint through the real router on each test
// database: tokens issued per second by the password grant (one at a time and from
// parallel clients), by the refresh grant (which skips the password hash), and access
// tokens verified per second (the cost every API request pays). The password grant is
// bound by argon2id (19 MiB, 2 passes: tens of milliseconds a hash by design); the
// argon2id line alone is the ceiling it is compared against.
//
//	go test ./internal/oidc -run '^$' -bench Tokens -benchtime 50x
func BenchmarkTokens(b *testing.B) {
	urls := dbtest.Dialects(b)
	names := make([]string, 0, len(urls))
	for n := range urls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		e := newEnv(b, dbtest.Open(b, urls[name]))
		form := func() url.Values {
			return url.Values{"grant_type": {GrantPassword}, "client_id": {WebClientID}, "username": {"admin"},
				"password": {identity.DefaultPassword}, "scope": {"openid profile offline_access kerf"}}
		}
		issue := func(b *testing.B, f url.Values) map[string]any {
			res := e.do(http.MethodPost, "/connect/token", f, nil)
			if res.Status != http.StatusOK {
				b.Fatalf("%d %s", res.Status, res.Body)
			}
			return res.json(b)
		}
		perSecond := func(b *testing.B, unit string) {
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit)
		}
		b.Run(name+"/password", func(b *testing.B) {
			for b.Loop() {
				issue(b, form())
			}
			perSecond(b, "tokens/s")
		})
		b.Run(name+"/password-parallel", func(b *testing.B) {
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					issue(b, form())
				}
			})
			perSecond(b, "tokens/s")
		})
		b.Run(name+"/refresh", func(b *testing.B) {
			rt := issue(b, form())["refresh_token"].(string)
			for b.Loop() {
				rt = issue(b, url.Values{"grant_type": {GrantRefreshToken}, "client_id": {WebClientID}, "refresh_token": {rt}})["refresh_token"].(string)
			}
			perSecond(b, "tokens/s")
		})
		b.Run(name+"/verify", func(b *testing.B) {
			at := issue(b, form())["access_token"].(string)
			ctx := context.Background()
			for b.Loop() {
				if _, err := e.m.verifier.Verify(ctx, at); err != nil {
					b.Fatal(err)
				}
			}
			perSecond(b, "verifications/s")
		})
	}
	b.Run("argon2id-alone", func(b *testing.B) {
		h, _ := identity.HashPassword(identity.DefaultPassword)
		for b.Loop() {
			identity.VerifyPassword(h, identity.DefaultPassword)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hashes/s")
	})
}
