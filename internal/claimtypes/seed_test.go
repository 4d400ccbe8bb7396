package claimtypes_test

import (
	"context"
	"slices"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/claimtypes"
	"kerf/internal/platform/tenancy"
)

func staticNames(t *testing.T, svc *claimtypes.Service, ctx context.Context) (static, other []string) {
	t.Helper()
	all, err := svc.AllTypes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if c.IsStatic {
			static = append(static, c.Name)
		} else {
			other = append(other, c.Name)
		}
	}
	return static, other
}

// TestTheSeedGivesEverySideTheStaticTypesOnceAndTheDemoItsEmployeeNumber: the host and every
// tenant (one created after the first start included) have the static types after a start;
// a second start adds nothing; the demo tenant has employee_no, held by its sales clerk.
func TestTheSeedGivesEverySideTheStaticTypesOnceAndTheDemoItsEmployeeNumber(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		var svc *claimtypes.Service
		for _, m := range e.App.Modules {
			if c, ok := m.(*claimtypes.Module); ok {
				svc = c.Service()
			}
		}
		want := []string{"address", "birthdate", "email", "family_name", "gender", "given_name", "phone_number"}
		host, demo := e.In(t, ""), e.In(t, "demo")
		if s, o := staticNames(t, svc, host); !slices.Equal(s, want) || len(o) != 0 {
			t.Fatalf("host: static %v, other %v", s, o)
		}
		if s, o := staticNames(t, svc, demo); !slices.Equal(s, want) || !slices.Equal(o, []string{"employee_no"}) {
			t.Fatalf("demo: static %v, other %v", s, o)
		}
		row, err := e.App.Identity.CreateTenant(context.Background(), "acme")
		if err != nil {
			t.Fatal(err)
		}
		id := row.ID
		acme := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &id, Name: row.Name, IsActive: true})
		if s, _ := staticNames(t, svc, acme); len(s) != 0 {
			t.Fatalf("a new tenant has types before a start: %v", s)
		}
		if err := e.App.Seed(context.Background(), true); err != nil {
			t.Fatal(err)
		}
		for name, ctx := range map[string]context.Context{"host": host, "demo": demo, "acme": acme} {
			s, o := staticNames(t, svc, ctx)
			if !slices.Equal(s, want) || (name == "demo") != (len(o) == 1) {
				t.Fatalf("%s after a second start: static %v, other %v", name, s, o)
			}
		}
		claims, err := svc.UserClaims(demo, e.UserID(t, "sales", "demo"))
		if err != nil || !slices.Equal(claims, []claimtypes.Claim{{ClaimType: "employee_no", ClaimValue: "E0012"}}) {
			t.Fatalf("demo sales clerk's claims = %v %v", claims, err)
		}
	})
}
