package setting

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func TestATenantValueWinsOverTheGlobalOneWhichWinsOverTheDefault(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, Migrations); err != nil {
			t.Fatal(err)
		}
		b := bus.New(d)
		if err := b.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close() })
		s := New(d, b)
		s.Define(Definition{Name: "Length", Default: "6"}, Definition{Name: "Keep", Default: "90", GlobalOnly: true})
		tid := uuid.New()
		inTenant := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tid})
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		get := func(ctx context.Context, name string) int {
			t.Helper()
			n, err := s.Int(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if get(inTenant, "Length") != 6 {
			t.Fatal("default not answered")
		}
		if err := s.Set(host, d, "Length", "8", false); err != nil {
			t.Fatal(err)
		}
		if get(inTenant, "Length") != 8 || get(host, "Length") != 8 {
			t.Fatal("the global value is not answered after a change")
		}
		if err := s.Set(inTenant, d, "Length", "10", true); err != nil {
			t.Fatal(err)
		}
		if get(inTenant, "Length") != 10 || get(host, "Length") != 8 {
			t.Fatal("the tenant's value should win in the tenant only")
		}
		if err := s.Set(inTenant, d, "Keep", "5", true); err == nil {
			t.Fatal("a global-only setting was stored for a tenant")
		}
		if _, err := s.Get(host, "Nope"); err == nil {
			t.Fatal("an unknown name was answered")
		}
	})
}
