package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"kerf/internal/app"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db/dbtest"
)

// build makes an app on dbURL without migrating or seeding it.
func build(t *testing.T, dbURL string) *app.App {
	t.Helper()
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo = dbURL, t.TempDir(), true
	cfg.Secret = "replicas-share-this-secret"
	a, err := app.New(context.Background(), cfg)
	if err != nil {
		t.Fatalf("build app: %v", err)
	}
	t.Cleanup(a.Close)
	return a
}

func count(t *testing.T, a *app.App, query string) int {
	t.Helper()
	var n int
	if err := a.DB.QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// TestReplicasStartingTogetherMigrateAndSeedOnce starts two apps on one empty database
// at the same moment: both come up, and the demo data exists once.
func TestReplicasStartingTogetherMigrateAndSeedOnce(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			replicas := []*app.App{build(t, u), build(t, u)}
			errs := make([]error, len(replicas))
			var wg sync.WaitGroup
			for i, a := range replicas {
				wg.Go(func() { errs[i] = a.Prepare(context.Background(), true) })
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Fatalf("replica %d: %v", i+1, err)
				}
			}
			a := replicas[0]
			if n := count(t, a, "SELECT COUNT(*) FROM identity_users WHERE user_name = 'admin' AND tenant_id IS NULL"); n != 1 {
				t.Errorf("host admins: %d, want 1", n)
			}
			if n := count(t, a, "SELECT COUNT(*) FROM saas_tenants WHERE name = 'demo'"); n != 1 {
				t.Errorf("demo tenants: %d, want 1", n)
			}
			// One sales clerk in the host and one in the demo tenant.
			if n := count(t, a, "SELECT COUNT(*) FROM identity_users WHERE user_name = 'sales' AND tenant_id IS NULL"); n != 1 {
				t.Errorf("host user sales: %d, want 1", n)
			}
			if n := count(t, a, "SELECT COUNT(*) FROM identity_users WHERE user_name = 'sales' AND tenant_id IS NOT NULL"); n != 1 {
				t.Errorf("demo tenant user sales: %d, want 1", n)
			}
			if n := count(t, a, "SELECT COUNT(*) FROM menus"); n == 0 {
				t.Error("no menus seeded")
			}
			dup := `SELECT COUNT(*) FROM (SELECT 1 FROM menus WHERE NOT is_deleted
				GROUP BY tenant_id, parent_id, name HAVING COUNT(*) > 1) AS d`
			if n := count(t, a, dup); n != 0 {
				t.Errorf("%d menus seeded twice", n)
			}
			if n := count(t, a, "SELECT COUNT(*) FROM (SELECT id FROM schema_migrations GROUP BY id HAVING COUNT(*) > 1) AS d"); n != 0 {
				t.Errorf("%d migrations recorded twice", n)
			}
			// A replica starting later finds the work done and adds nothing.
			users := count(t, a, "SELECT COUNT(*) FROM identity_users")
			if err := build(t, u).Prepare(context.Background(), true); err != nil {
				t.Fatalf("third replica: %v", err)
			}
			if n := count(t, a, "SELECT COUNT(*) FROM identity_users"); n != users {
				t.Errorf("a later start changed the users: %d, then %d", users, n)
			}
		})
	}
}

// TestADatabaseErrorAtStartIsNeverAnEmptyDatabase: when the database fails, Prepare
// answers the error and seeds nothing, instead of taking the database for an empty one.
func TestADatabaseErrorAtStartIsNeverAnEmptyDatabase(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			a := build(t, u)
			if fresh, err := a.Fresh(context.Background()); err != nil || !fresh {
				t.Fatalf("empty database: fresh %v, %v; want true, nil", fresh, err)
			}
			_ = a.DB.Close() // the connection is gone
			if fresh, err := a.Fresh(context.Background()); err == nil {
				t.Errorf("Fresh on a failing database: %v, nil; want an error", fresh)
			}
			if err := a.Prepare(context.Background(), true); err == nil {
				t.Error("Prepare on a failing database succeeded")
			}
		})
	}
}

// TestReadyOnlyOnceMigrated: /readyz is 503 with a reason before the migrations ran and
// 200 after, while /healthz answers throughout.
func TestReadyOnlyOnceMigrated(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			a := build(t, u)
			get := func(path string) (int, string) {
				rec := httptest.NewRecorder()
				a.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
				return rec.Code, rec.Body.String()
			}
			if code, _ := get("/healthz"); code != http.StatusOK {
				t.Errorf("healthz before migrating: %d", code)
			}
			code, body := get("/readyz")
			if code != http.StatusServiceUnavailable || !strings.Contains(body, `"reason":"database not migrated`) {
				t.Errorf("readyz before migrating: %d %s; want 503 with a reason", code, body)
			}
			if err := a.Prepare(context.Background(), false); err != nil {
				t.Fatal(err)
			}
			if code, body := get("/readyz"); code != http.StatusOK || !strings.Contains(body, `"status":"ready"`) {
				t.Errorf("readyz after migrating: %d %s", code, body)
			}
			_ = a.DB.Close()
			code, body = get("/readyz")
			if code != http.StatusServiceUnavailable || !strings.Contains(body, `"reason":"database unreachable"`) {
				t.Errorf("readyz with the database gone: %d %s", code, body)
			}
		})
	}
}
