package importmapping

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// demoTenants resolves the demo tenant by name, as the identity area does.
type demoTenants struct{ id uuid.UUID }

func (d demoTenants) ResolveTenant(_ context.Context, name string) (tenancy.Tenant, error) {
	if name != demoTenantName {
		return tenancy.Tenant{}, tenancy.ErrTenantNotAvailable
	}
	return tenancy.Tenant{ID: &d.id, Name: name}, nil
}

// TestTheDemoSeedWritesTheHostAndTheDemoTenant: with demo data asked for, the host and the
// demo tenant each get a default sales-order products mapping and a default split mapping,
// once; without it, nothing.
func TestTheDemoSeedWritesTheHostAndTheDemoTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background(), migrations); err != nil {
			t.Fatal(err)
		}
		tenant := demoTenants{uuid.New()}
		m := New(Deps{DB: d, Catalog: localization.NewCatalog(), Tenants: tenant})
		host := tenancy.WithTenant(context.Background(), tenancy.Tenant{})
		demo := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant.id, Name: demoTenantName})
		if err := m.Seed(context.Background(), false); err != nil {
			t.Fatal(err)
		}
		if _, n := page[ImportRuleMapping](t)(m.svc.ListRuleMappings(host, ListQuery{})); n != 0 {
			t.Fatalf("seeded without demo: %d", n)
		}
		for range 2 {
			if err := m.Seed(context.Background(), true); err != nil {
				t.Fatal(err)
			}
		}
		for name, ctx := range map[string]context.Context{"host": host, "demo": demo} {
			def, err := m.svc.DefaultMapping(ctx, ModuleSalesOrderProducts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, n := page[ImportRuleMapping](t)(m.svc.ListRuleMappings(ctx, ListQuery{})); n != 1 || def.Name != DemoRuleMapping.Name {
				t.Fatalf("%s: %d mappings, default %s", name, n, def.Name)
			}
			splits := must[[]ImportSplitMapping](t)(m.svc.EnabledSplitMappings(ctx))
			if len(splits) != 1 || !splits[0].IsDefault || len(splits[0].Rules) != 3 {
				t.Fatalf("%s: split mappings %+v", name, splits)
			}
		}
	})
}
