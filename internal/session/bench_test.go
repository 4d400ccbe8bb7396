package session_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/db/dbtest"
)

// BenchmarkApplicationConfiguration measures GET /api/abp/application-configuration
// through the whole router (token check, tenant, audit log, two queries, JSON) and prints
// requests per second for an authenticated admin, the figure the issue asks for, next to
// an anonymous caller (no user or grant queries) as the baseline it compares against.
// SQLite always; PostgreSQL too when KERF_TEST_POSTGRES_URL is set.
func BenchmarkApplicationConfiguration(b *testing.B) {
	urls := map[string]string{"sqlite": dbtest.SQLiteURL(b)}
	if pg := os.Getenv(dbtest.EnvPostgres); pg != "" {
		urls["postgres"] = dbtest.PostgresURL(b, pg)
	}
	for dialect, u := range urls {
		e := apptest.New(b, u)
		token := e.Token(b, "admin", apptest.Password, "")
		h := e.App.Handler()
		for _, c := range []struct{ name, token string }{{"authenticated", token}, {"anonymous", ""}} {
			b.Run(dialect+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						req := httptest.NewRequest(http.MethodGet, configPath, nil)
						if c.token != "" {
							req.Header.Set("Authorization", "Bearer "+c.token)
						}
						rec := httptest.NewRecorder()
						h.ServeHTTP(rec, req)
						if rec.Code != http.StatusOK {
							b.Fatalf("status %d: %s", rec.Code, rec.Body)
						}
					}
				})
				rps := float64(b.N) / b.Elapsed().Seconds()
				b.ReportMetric(rps, "req/s")
				b.Logf("%s application-configuration (%s): %.0f requests/s over %d requests", c.name, dialect, rps, b.N)
			})
		}
	}
}
