package identity

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
)

// seedOnly builds, migrates and seeds the area with deps' admin password, capturing what it
// prints.
func seedOnly(t *testing.T, d *db.DB, adminPassword string, demo bool) (*Module, *bytes.Buffer) {
	t.Helper()
	out := &bytes.Buffer{}
	reg := permission.NewRegistry()
	m := New(Deps{DB: d, Registry: reg, Permissions: &permission.Service{DB: d, Registry: reg},
		AdminPassword: adminPassword, Notice: out})
	reg.Add(m.Permissions()...)
	ctx := context.Background()
	if err := d.Migrate(ctx, append(permission.Migrations, m.Migrations()...)); err != nil {
		t.Fatal(err)
	}
	if err := m.Seed(ctx, demo); err != nil {
		t.Fatal(err)
	}
	return m, out
}

func adminPasswordWorks(t *testing.T, m *Module, password string) bool {
	t.Helper()
	u, err := m.svc.FindByLogin(context.Background(), AdminUserName)
	if err != nil {
		t.Fatal(err)
	}
	return m.svc.CheckPassword(context.Background(), u, password)
}

func TestWithoutDemoDataNoAccountHasAKnownPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m, out := seedOnly(t, d, "", false)
		printed, ok := strings.CutPrefix(strings.TrimSpace(out.String()), "admin password: ")
		if !ok || len(printed) < 16 {
			t.Fatalf("printed %q, want the generated admin password", out.String())
		}
		if !adminPasswordWorks(t, m, printed) {
			t.Fatal("the printed password does not log the admin in")
		}
		if adminPasswordWorks(t, m, DefaultPassword) {
			t.Fatal("the demo password logs the admin in without demo data")
		}
		if _, err := m.svc.FindByLogin(context.Background(), "sales"); err == nil {
			t.Fatal("the demo user sales exists without demo data")
		}
		out.Reset()
		if err := m.Seed(context.Background(), false); err != nil {
			t.Fatal(err)
		}
		if out.Len() != 0 || !adminPasswordWorks(t, m, printed) {
			t.Fatalf("a second start printed %q or changed the password", out.String())
		}
	})
}

func TestAdminPasswordFromConfiguration(t *testing.T) {
	for _, demo := range []bool{false, true} {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			m, out := seedOnly(t, d, "s3cret-Admin", demo)
			if out.Len() != 0 {
				t.Fatalf("printed %q though the password was given", out.String())
			}
			if !adminPasswordWorks(t, m, "s3cret-Admin") || adminPasswordWorks(t, m, DefaultPassword) {
				t.Fatal("the configured password is not the admin's")
			}
		})
	}
}

func TestDemoDataKeepsTheDemoPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m, out := seedOnly(t, d, "", true)
		if out.Len() != 0 || !adminPasswordWorks(t, m, DefaultPassword) {
			t.Fatalf("demo admin: printed %q, or the demo password does not work", out.String())
		}
	})
}
