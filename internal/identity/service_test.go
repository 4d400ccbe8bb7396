package identity

import (
	"context"
	"errors"
	"testing"
	"time"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// newTestModule builds the area on d with its caches (on a bus of its own), migrated and
// demo-seeded.
func newTestModule(t *testing.T, d *db.DB, now func() time.Time) *Module {
	t.Helper()
	return newModule(t, d, now, startedBus(t, d))
}

func startedBus(t *testing.T, d *db.DB) *bus.Bus {
	t.Helper()
	b := bus.New(d)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

func newModule(t *testing.T, d *db.DB, now func() time.Time, b *bus.Bus) *Module {
	t.Helper()
	reg := permission.NewRegistry()
	m := New(Deps{DB: d, Registry: reg, Permissions: &permission.Service{DB: d, Registry: reg, Bus: b}, Bus: b})
	m.svc.now = now
	reg.Add(m.Permissions()...)
	if err := d.Migrate(context.Background(), append(permission.Migrations, m.Migrations()...)); err != nil {
		t.Fatal(err)
	}
	if err := m.Seed(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSeedAndLoginRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clock := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
		m := newTestModule(t, d, func() time.Time { return clock })
		ctx := context.Background()
		svc := m.Service()

		if err := m.Seed(ctx, true); err != nil {
			t.Fatalf("seeding twice must be harmless: %v", err)
		}
		admin, err := svc.FindByLogin(ctx, "ADMIN")
		if err != nil {
			t.Fatalf("host admin by name, any case: %v", err)
		}
		if !svc.CheckPassword(ctx, admin, DefaultPassword) || svc.CheckPassword(ctx, admin, "wrong") {
			t.Fatal("password check is wrong")
		}
		if byMail, err := svc.FindByLogin(ctx, "admin@kerf.local"); err != nil || byMail.ID != admin.ID {
			t.Fatalf("find by e-mail: %v", err)
		}
		roles, _ := svc.RoleNames(ctx, admin.ID)
		if len(roles) != 1 || roles[0] != AdminRole {
			t.Fatalf("admin roles = %v", roles)
		}

		demo, err := svc.ResolveTenant(ctx, "Demo")
		if err != nil {
			t.Fatalf("resolve demo tenant: %v", err)
		}
		tctx := tenancy.WithTenant(ctx, demo)
		tenantAdmin, err := svc.FindByLogin(tctx, "admin")
		if err != nil || tenantAdmin.ID == admin.ID {
			t.Fatalf("demo tenant has its own admin: %v", err)
		}
		hostSales, err := svc.FindByLogin(ctx, "sales")
		if err != nil {
			t.Fatal(err)
		}
		if demoSales, err := svc.FindByLogin(tctx, "sales"); err != nil || demoSales.ID == hostSales.ID {
			t.Fatalf("the demo tenant has its own sales, never the host's: %v", err)
		}
		if _, err := svc.GetUser(tctx, hostSales.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("host user sales must be invisible in the demo tenant, got %v", err)
		}
		if _, err := svc.ResolveTenant(ctx, "nope"); !errors.Is(err, tenancy.ErrTenantNotAvailable) {
			t.Fatalf("unknown tenant = %v", err)
		}
		if err := svc.SetTenantState(ctx, *demo.ID, false, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ResolveTenant(ctx, "demo"); !errors.Is(err, tenancy.ErrTenantNotAvailable) {
			t.Fatalf("inactive tenant = %v", err)
		}

		// Lockout: five wrong passwords lock for five minutes.
		for i := 1; i <= 5; i++ {
			locked, err := svc.RecordFailedLogin(ctx, admin)
			if err != nil {
				t.Fatal(err)
			}
			if locked != (i == 5) {
				t.Fatalf("attempt %d: locked = %v", i, locked)
			}
		}
		admin, _ = svc.GetUser(ctx, admin.ID)
		if !svc.IsLockedOut(admin, clock.Add(4*time.Minute)) {
			t.Fatal("user must be locked four minutes later")
		}
		if svc.IsLockedOut(admin, clock.Add(5*time.Minute+time.Second)) {
			t.Fatal("lockout must end after five minutes")
		}

		// Change password.
		if err := svc.ChangePassword(ctx, admin.ID, "wrong", "Newpass-1"); !isUserError(err, KeyWrongPassword) {
			t.Fatalf("wrong current password = %v", err)
		}
		if err := svc.ChangePassword(ctx, admin.ID, DefaultPassword, "x"); err == nil {
			t.Fatal("a too short password must be refused")
		}
		if err := svc.ChangePassword(ctx, admin.ID, DefaultPassword, "Newpass-1"); err != nil {
			t.Fatal(err)
		}
		admin, _ = svc.GetUser(ctx, admin.ID)
		if !svc.CheckPassword(ctx, admin, "Newpass-1") {
			t.Fatal("new password not stored")
		}

		// The admin role holds every defined permission, sales none of identity's.
		perms := &permission.Service{DB: d, Registry: m.deps.Registry}
		g, err := perms.ProviderGrants(ctx, permission.Role, AdminRole)
		if err != nil || !g[PermUsersImpersonation] || !g[PermTenants] || !g[PermSecurityLogDelete] {
			t.Fatalf("admin grants = %v, %v", g, err)
		}
		tg, _ := perms.ProviderGrants(tctx, permission.Role, AdminRole)
		if tg[PermTenants] {
			t.Fatal("host-only permission granted inside a tenant")
		}
	})
}

func isUserError(err error, key string) bool {
	var ue *apperr.UserError
	return errors.As(err, &ue) && ue.Key == key
}

func TestFalseFlagsAreStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m := newTestModule(t, d, time.Now)
		ctx := context.Background()
		u, err := m.Service().CreateUser(ctx, CreateUserInput{UserName: "nolock", Password: "Secret-1", LockoutEnabled: false})
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.Service().GetUser(ctx, u.ID)
		if err != nil || got.LockoutEnabled {
			t.Fatalf("lockoutEnabled false must be stored: %+v %v", got, err)
		}
	})
}
