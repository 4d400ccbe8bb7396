package setting

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
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

func TestAUserValueWinsOnlyForUserSettableSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, Migrations); err != nil {
			t.Fatal(err)
		}
		s := New(d, nil)
		s.Define(Definition{Name: "Theme", Default: "light", UserSettable: true}, Definition{Name: "Length", Default: "6"})
		tid, uid := uuid.New(), uuid.New()
		tenant := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tid})
		user := auth.WithPrincipal(tenant, &auth.Principal{UserID: uid, TenantID: &tid})
		other := auth.WithPrincipal(tenant, &auth.Principal{UserID: uuid.New(), TenantID: &tid})
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		steps := []struct {
			ctx             context.Context
			provider, value string
			want            map[context.Context]string // caller → Theme
		}{
			{host, Global, "dark", map[context.Context]string{host: "dark", tenant: "dark", user: "dark"}},
			{tenant, Tenant, "blue", map[context.Context]string{host: "dark", tenant: "blue", user: "blue", other: "blue"}},
			{user, User, "green", map[context.Context]string{host: "dark", tenant: "blue", user: "green", other: "blue"}},
			// Writing what the provider below has removes the value: the user follows the tenant again.
			{user, User, "blue", map[context.Context]string{user: "blue"}},
			{tenant, Tenant, "red", map[context.Context]string{user: "red", other: "red"}},
		}
		for i, st := range steps {
			if err := s.Write(st.ctx, d, st.provider, "Theme", st.value); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			for c, want := range st.want {
				if got, err := s.Get(c, "Theme"); err != nil || got != want {
					t.Fatalf("step %d: %q %v, want %q", i, got, err, want)
				}
			}
		}
		users, err := d.NewSelect().Model((*Value)(nil)).Where("provider_name = ?", User).Count(ctx)
		if err != nil || users != 0 {
			t.Fatalf("a user value equal to the tenant's is stored: %d %v", users, err)
		}
		for _, c := range []struct {
			ctx      context.Context
			provider string
			name     string
		}{{user, User, "Length"}, {host, Tenant, "Length"}, {tenant, User, "Theme"}, {host, "X", "Theme"}} {
			if err := s.Write(c.ctx, d, c.provider, c.name, "9"); !errors.Is(err, ErrNotHere) {
				t.Errorf("%s %s: %v, want ErrNotHere", c.provider, c.name, err)
			}
		}
		if p, err := s.ProviderOf(tenant, "Length"); err != nil || p != Tenant {
			t.Errorf("tenant provider: %q %v", p, err)
		}
		if p, err := s.ProviderOf(host, "Length"); err != nil || p != Global {
			t.Errorf("host provider: %q %v", p, err)
		}
	})
}

// Two services on one bus (two replicas): a value one writes drops the other's cached one.
func TestAWriteReachesTheOtherServicesCache(t *testing.T) {
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
		one, two := New(d, b), New(d, b)
		for _, s := range []*Service{one, two} {
			s.Define(Definition{Name: "Length", Default: "6"})
		}
		tid := uuid.New()
		tenant := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tid})
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		for _, c := range []context.Context{host, tenant} {
			if v, _ := two.Get(c, "Length"); v != "6" { // cached now
				t.Fatalf("default: %q", v)
			}
		}
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return one.Write(tenancy.WithTenant(ctx, tenancy.Tenant{}), tx, Global, "Length", "8")
		}); err != nil {
			t.Fatal(err)
		}
		if v, _ := two.Get(tenant, "Length"); v != "8" {
			t.Fatalf("the other service answers its stale cache: %q", v)
		}
		if err := one.Write(tenant, d, Tenant, "Length", "12"); err != nil {
			t.Fatal(err)
		}
		if v, _ := two.Get(tenant, "Length"); v != "12" {
			t.Fatalf("tenant value on the other service: %q", v)
		}
		if v, _ := two.Get(host, "Length"); v != "8" {
			t.Fatalf("host value on the other service: %q", v)
		}
	})
}
