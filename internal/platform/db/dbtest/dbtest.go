// Package dbtest gives tests a fresh database: SQLite always, and PostgreSQL (in a
// schema of its own, removed afterwards) when KERF_TEST_POSTGRES_URL is set.
package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
)

// EnvPostgres names the PostgreSQL URL tests use when it is set.
const EnvPostgres = "KERF_TEST_POSTGRES_URL"

// Dialects returns the database URLs to test on: SQLite in a temporary folder, and a
// fresh PostgreSQL schema when EnvPostgres is set. In CI (CI=true) the PostgreSQL URL
// must be set, so that suite can never be silently skipped.
func Dialects(t testing.TB) map[string]string {
	t.Helper()
	urls := map[string]string{db.SQLite: SQLiteURL(t)}
	if pg := os.Getenv(EnvPostgres); pg != "" {
		urls[db.Postgres] = PostgresURL(t, pg)
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%s must be set in CI so the PostgreSQL suite runs", EnvPostgres)
	}
	return urls
}

// SQLiteURL returns the URL of a new SQLite file in t's temporary folder.
func SQLiteURL(t testing.TB) string {
	return "sqlite://" + filepath.Join(t.TempDir(), "kerf.db")
}

// PostgresURL creates a schema of its own in the database at base and returns a URL
// whose connections use it; the schema is dropped when t ends.
func PostgresURL(t testing.TB, base string) string {
	t.Helper()
	schema := "t_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:16]
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open opens url and closes it when t ends.
func Open(t testing.TB, rawURL string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("open %s: %v", redact(rawURL), err)
	}
	t.Cleanup(func() { _ = d.Close() })
	return d
}

// Each runs fn once per dialect, as a subtest named after the dialect.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for name, u := range Dialects(t) {
		t.Run(name, func(t *testing.T) { fn(t, Open(t, u)) })
	}
}

func redact(s string) string {
	if i := strings.Index(s, "@"); i > 0 {
		return fmt.Sprintf("%s…%s", s[:strings.Index(s, "//")+2], s[i:])
	}
	return s
}

// NamedPostgres returns the URL of a fresh PostgreSQL schema whose connections carry an
// application_name of their own (so a test can find and terminate them in
// pg_stat_activity), that name, and the base URL. Without EnvPostgres the test is skipped,
// except in CI, where it fails.
func NamedPostgres(t testing.TB) (dbURL, name, base string) {
	t.Helper()
	base = os.Getenv(EnvPostgres)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s must be set in CI so the PostgreSQL suite runs", EnvPostgres)
		}
		t.Skipf("PostgreSQL only: %s is not set", EnvPostgres)
	}
	name = "kerf-test-" + uuid.NewString()[:8]
	u, err := url.Parse(PostgresURL(t, base))
	if err != nil {
		t.Fatalf("parse %s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String(), name, base
}
