package app_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// tenantDatabase answers a connection string for a second database of e's dialect, as the
// host administrator would type it: a SQLite file under the data folder, or a PostgreSQL
// database of its own (created like apptest's copies, dropped when t ends).
func tenantDatabase(t *testing.T, e *apptest.Env, file string) string {
	t.Helper()
	if e.Dialect == db.SQLite {
		return "sqlite://tenants/" + file
	}
	base := os.Getenv(dbtest.EnvPostgres)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("kerf_copy_%d_%s", time.Now().Unix(), strings.ReplaceAll(uuid.NewString(), "-", "")[:12])
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	return u.String()
}

// openTenantDatabase opens the database of connection string cs as the server does.
func openTenantDatabase(t *testing.T, e *apptest.Env, cs string) *db.DB {
	t.Helper()
	if p, ok := strings.CutPrefix(cs, "sqlite://"); ok {
		cs = "sqlite://" + filepath.Join(e.App.Config.DataDir, p)
	}
	return dbtest.Open(t, cs)
}

// rowsOf counts, per tenant-scoped table of d, the rows whose tenant is (same) or is not
// (!same) tenant.
func rowsOf(t *testing.T, d *db.DB, tables []string, tenant uuid.UUID, same bool) map[string]int {
	t.Helper()
	out := map[string]int{}
	cond := "tenant_id = ?"
	if !same {
		cond = "(tenant_id IS NULL OR tenant_id <> ?)"
	}
	for _, tb := range tables {
		var n int
		if err := d.NewRaw(`SELECT COUNT(*) FROM "`+tb+`" WHERE `+cond, tenant).Scan(context.Background(), &n); err != nil {
			t.Fatalf("count %s: %v", tb, err)
		}
		if n > 0 {
			out[tb] = n
		}
	}
	return out
}

func sum(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}

func tenantID(t *testing.T, e *apptest.Env, name string) uuid.UUID {
	t.Helper()
	tn, err := e.App.Identity.ResolveTenant(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return *tn.ID
}

// userNames lists the user names a token sees on the users page.
func userNames(t *testing.T, e *apptest.Env, token string) []string {
	t.Helper()
	var page struct {
		Items []struct {
			UserName string `json:"userName"`
		} `json:"items"`
	}
	res := e.Get(t, "/api/identity/users?maxResultCount=1000", token)
	if res.Status != http.StatusOK {
		t.Fatalf("users: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &page)
	var out []string
	for _, u := range page.Items {
		out = append(out, u.UserName)
	}
	return out
}

// TestATenantOnItsOwnDatabaseSeesOnlyItsOwnRows is the tenant sweep: the demo tenant is given
// a database of its own and moved there; its administrator then writes through the API in
// several areas. No row of the demo tenant is left in, or written to, the host database; its
// database holds only its rows; the host and another tenant see none of them, and the demo
// tenant none of theirs; its administrator logs in and refreshes as before.
func TestATenantOnItsOwnDatabaseSeesOnlyItsOwnRows(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		host := e.Token(t, "admin", apptest.Password, "")
		if _, err := e.App.Identity.CreateTenant(ctx, "acme"); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Seed(ctx, false); err != nil { // acme gets what every tenant has
			t.Fatal(err)
		}
		acme := e.CreateUser(t, "acme", "acme-admin", "admin")
		e.CreateUser(t, "", "host-only-user")
		demoID := tenantID(t, e, identity.DemoTenantName)
		tables, err := e.App.DB.TenantTables(ctx)
		if err != nil {
			t.Fatal(err)
		}
		before := rowsOf(t, e.App.DB, tables, demoID, true)
		if sum(before) < 50 {
			t.Fatalf("the demo tenant has only %v rows to move", before)
		}

		cs := tenantDatabase(t, e, "demo.db")
		path := "/api/saas/tenants/" + demoID.String()
		res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: path + "/connection-strings", Token: host,
			JSON: map[string]any{"default": cs, "databases": []map[string]string{{"databaseName": "Reports", "connectionString": cs}}}})
		if res.Status != http.StatusOK {
			t.Fatalf("put connection strings: %d %s", res.Status, res.Body)
		}
		if moved := rowsOf(t, e.App.DB, tables, demoID, true); sum(moved) != sum(before) {
			t.Fatalf("storing the string moved rows already: %d of %d left", sum(moved), sum(before))
		}
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: path + "/apply-database-migrations", Token: host})
		var applied struct {
			MovedRows int  `json:"movedRows"`
			Active    bool `json:"active"`
		}
		if res.Status != http.StatusOK {
			t.Fatalf("apply migrations: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &applied)
		if applied.MovedRows != sum(before) || !applied.Active {
			t.Fatalf("apply moved %d rows (active %v), want the %d the host held", applied.MovedRows, applied.Active, sum(before))
		}

		// The demo administrator works as before, now on the demo tenant's database.
		tr := e.Login(t, "admin", apptest.Password, identity.DemoTenantName)
		demo, _ := tr["access_token"].(string)
		refresh, _ := tr["refresh_token"].(string)
		writes := []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/identity/users", map[string]any{"userName": "moved-clerk", "password": "Moved-clerk1", "email": "moved@test.local"}},
			{"POST", "/api/identity/roles", map[string]any{"name": "moved-role"}},
			{"POST", "/api/identity/organization-units", map[string]any{"displayName": "moved-unit"}},
			{"POST", "/api/salesorder/catalogs", map[string]any{"displayName": "moved-directory", "moduleName": "product"}},
			{"POST", "/api/optimization/materials", map[string]any{"code": "MOVED18", "name": "moved", "thickness": 18,
				"boards": []map[string]any{{"length": 2440, "width": 1220, "cost": 100}}}},
			{"PUT", "/api/permission-management/permissions?providerName=R&providerKey=moved-role",
				map[string]any{"permissions": []map[string]any{{"name": "AbpIdentity.Users", "isGranted": true}}}},
			// Settings are host rows: the tenant's own value is written there, whatever its database.
			{"PUT", "/api/salesorder/salesordersetting", map[string]any{"disableQuotationStatusCheck": true}},
		}
		for _, w := range writes {
			res := e.Do(t, apptest.Request{Method: w.method, Path: w.path, Token: demo, JSON: w.body})
			if res.Status >= 300 {
				t.Fatalf("%s %s as the moved tenant: %d %s", w.method, w.path, res.Status, res.Body)
			}
		}
		e.App.FlushAudit()
		var so struct {
			DisableQuotationStatusCheck bool `json:"disableQuotationStatusCheck"`
		}
		if e.Get(t, "/api/salesorder/salesordersetting", demo).JSON(t, &so); !so.DisableQuotationStatusCheck {
			t.Error("the moved tenant's sales order setting did not keep its value")
		}
		if e.Get(t, "/api/salesorder/salesordersetting", acme).JSON(t, &so); so.DisableQuotationStatusCheck {
			t.Error("acme sees the moved tenant's sales order setting")
		}

		// The host database holds no row of the demo tenant; its database only its rows.
		if left := rowsOf(t, e.App.DB, tables, demoID, true); len(left) > 0 {
			t.Errorf("the host database still holds rows of the moved tenant: %v", left)
		}
		own := openTenantDatabase(t, e, cs)
		mine := rowsOf(t, own, tables, demoID, true)
		if sum(mine) <= sum(before) {
			t.Errorf("the tenant's database holds %d rows, want the %d moved and the new ones", sum(mine), sum(before))
		}
		if others := rowsOf(t, own, tables, demoID, false); len(others) > 0 {
			t.Errorf("the tenant's database holds rows not of the tenant: %v", others)
		}

		// Nobody sees another's rows.
		demoUsers := userNames(t, e, demo)
		if !slices.Contains(demoUsers, "moved-clerk") || !slices.Contains(demoUsers, "admin") {
			t.Errorf("the moved tenant sees the users %v, want its own (admin, moved-clerk)", demoUsers)
		}
		for _, foreign := range []string{"host-only-user", "acme-admin"} {
			if slices.Contains(demoUsers, foreign) {
				t.Errorf("the moved tenant sees %s", foreign)
			}
		}
		for who, tok := range map[string]string{"host": host, "acme": acme} {
			if slices.Contains(userNames(t, e, tok), "moved-clerk") {
				t.Errorf("%s sees the moved tenant's new user", who)
			}
		}
		var mats struct {
			TotalCount int `json:"totalCount"`
		}
		e.Get(t, "/api/optimization/materials?filterText=MOVED18", acme).JSON(t, &mats)
		if mats.TotalCount != 0 {
			t.Errorf("acme sees the moved tenant's material")
		}
		e.Get(t, "/api/optimization/materials?filterText=MOVED18", demo).JSON(t, &mats)
		if mats.TotalCount != 1 {
			t.Errorf("the moved tenant sees %d of its new materials, want 1", mats.TotalCount)
		}

		// Its administrator logs in and refreshes; its new user logs in.
		form := url.Values{"grant_type": {"refresh_token"}, "client_id": {"kerf-web"}, "refresh_token": {refresh}}
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: form,
			Header: http.Header{"__tenant": {identity.DemoTenantName}}})
		if res.Status != http.StatusOK {
			t.Errorf("refresh as the moved tenant's admin: %d %s", res.Status, res.Body)
		}
		e.Login(t, "moved-clerk", "Moved-clerk1", identity.DemoTenantName)

		// Running it again only migrates: nothing moves, nothing is lost.
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: path + "/apply-database-migrations", Token: host})
		res.JSON(t, &applied)
		if res.Status != http.StatusOK || applied.MovedRows != 0 || !applied.Active {
			t.Errorf("apply again: %d %s", res.Status, res.Body)
		}
		if again := rowsOf(t, own, tables, demoID, true); sum(again) != sum(rowsOf(t, own, tables, demoID, true)) || sum(again) < sum(mine) {
			t.Errorf("applying again changed the tenant's rows")
		}
	})
}
