package permission_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

func TestGrantsByRoleAndUserAreAnyOfAndPerTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, permission.Migrations); err != nil {
			t.Fatal(err)
		}
		reg := permission.NewRegistry()
		reg.Add(permission.Group{Name: "G", DisplayName: localization.Text{ZhHans: "组", En: "Group"}, Permissions: []permission.Definition{
			{Name: "A"}, {Name: "A.Create", Parent: "A"}, {Name: "B"}, {Name: "Host", Side: permission.HostOnly},
		}})
		s := &permission.Service{DB: d, Registry: reg}
		user := uuid.New()
		p := &auth.Principal{UserID: user, Roles: []string{"clerk"}}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(s.Set(ctx, d, permission.Role, "clerk", []permission.Change{{Name: "A", IsGranted: true}, {Name: "Host", IsGranted: true}}))
		must(s.Set(ctx, d, permission.User, user.String(), []permission.Change{{Name: "B", IsGranted: true}}))

		check := func(ctx context.Context, want bool, names ...string) {
			t.Helper()
			got, err := s.IsGranted(ctx, p, names...)
			must(err)
			if got != want {
				t.Errorf("IsGranted(%v) = %v, want %v", names, got, want)
			}
		}
		check(ctx, true, "A")
		check(ctx, true, "B")
		check(ctx, false, "A.Create")
		check(ctx, true, "A.Create", "B")
		check(ctx, false)
		check(ctx, true, "Host")

		tenant := uuid.New()
		tctx := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant})
		check(tctx, false, "A", "B")
		must(s.Set(tctx, d, permission.Role, "clerk", []permission.Change{{Name: "Host", IsGranted: true}, {Name: "A", IsGranted: true}}))
		check(tctx, false, "Host")
		check(tctx, true, "A")
		must(s.Set(ctx, d, permission.Role, "clerk", []permission.Change{{Name: "A", IsGranted: false}}))
		check(ctx, false, "A")
		check(tctx, true, "A")
		// Revoking in a tenant leaves the host's grant of the same name.
		must(s.Set(ctx, d, permission.Role, "clerk", []permission.Change{{Name: "A", IsGranted: true}}))
		must(s.Set(tctx, d, permission.Role, "clerk", []permission.Change{{Name: "A", IsGranted: false}}))
		check(tctx, false, "A")
		check(ctx, true, "A")

		// Grants belong to one tenant: a change across all tenants is refused and changes nothing.
		if err := s.Set(tenancy.AllTenants(ctx), d, permission.Role, "clerk", []permission.Change{{Name: "A", IsGranted: false}}); err == nil {
			t.Error("a grant change across all tenants was accepted")
		}
		check(ctx, true, "A")
	})
}
