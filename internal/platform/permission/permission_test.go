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

// switches is a FeatureChecker with fixed values.
type switches map[string]bool

func (s switches) IsEnabled(_ context.Context, name string) (bool, error) { return s[name], nil }

// TestGroupsOfOneNameJoinAndAFeatureOffWithdrawsItsGroup: two areas adding to one group show as
// one group; a group needing a switched-off feature is neither granted nor usable.
func TestGroupsOfOneNameJoinAndAFeatureOffWithdrawsItsGroup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, permission.Migrations); err != nil {
			t.Fatal(err)
		}
		reg := permission.NewRegistry()
		reg.Add(permission.Group{Name: "Settings", DisplayName: localization.Text{En: "Settings"}, Permissions: []permission.Definition{{Name: "S"}}},
			permission.Group{Name: "Cut", Feature: "Kerf.Cut", Permissions: []permission.Definition{{Name: "C"}, {Name: "C.Run", Parent: "C"}}})
		reg.Add(permission.Group{Name: "Settings", DisplayName: localization.Text{En: "Other"}, Permissions: []permission.Definition{{Name: "S.Mail", Parent: "S"}}})
		if g := reg.Groups(); len(g) != 2 || len(g[0].Permissions) != 2 || g[0].DisplayName.En != "Settings" || g[0].Permissions[1].Name != "S.Mail" {
			t.Fatalf("groups = %+v", g)
		}
		on := switches{"Kerf.Cut": true}
		s := &permission.Service{DB: d, Registry: reg, Features: on}
		p := &auth.Principal{UserID: uuid.New(), Roles: []string{"clerk"}}
		var ch []permission.Change
		for _, n := range []string{"S", "C", "C.Run"} {
			ch = append(ch, permission.Change{Name: n, IsGranted: true})
		}
		if err := s.Set(ctx, d, permission.Role, "clerk", ch); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			cut  bool
			want map[string]bool
		}{
			{true, map[string]bool{"S": true, "C": true, "C.Run": true}},
			{false, map[string]bool{"S": true}},
		} {
			on["Kerf.Cut"] = tc.cut
			got, err := s.Granted(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Errorf("cut %v: granted %v, want %v", tc.cut, got, tc.want)
			}
			for n := range tc.want {
				if !got[n] {
					t.Errorf("cut %v: %s not granted", tc.cut, n)
				}
			}
			c, _ := reg.Lookup("C.Run")
			if usable, err := s.Usable(ctx, c); err != nil || usable != tc.cut {
				t.Errorf("cut %v: C.Run usable = %v, %v", tc.cut, usable, err)
			}
		}
	})
}
