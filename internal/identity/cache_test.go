package identity

import (
	"context"
	"errors"
	"testing"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// twoReplicas builds the area twice on one database, as two servers would run it: on
// PostgreSQL with a handle and a bus each, on SQLite in one process sharing the bus. The
// second is returned with a channel that receives each user or tenant message after its
// caches did.
func twoReplicas(t *testing.T, dialect, url string) (a, b *Module, seen chan string) {
	t.Helper()
	da := dbtest.Open(t, url)
	ba := startedBus(t, da)
	a = newModule(t, da, time.Now, ba)
	if dialect == db.Postgres {
		db2 := dbtest.Open(t, url)
		b = newModule(t, db2, time.Now, startedBus(t, db2))
	} else {
		b = newModule(t, da, time.Now, ba)
	}
	seen = make(chan string, 100)
	b.svc.bus.Subscribe(TopicUsers, func(p string) { seen <- p })
	b.svc.bus.Subscribe(TopicTenants, func(p string) { seen <- p })
	return a, b, seen
}

func waitFor(t *testing.T, seen chan string, payload string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case p := <-seen:
			if p == payload {
				return
			}
		case <-deadline:
			t.Fatalf("message %q never reached the replica", payload)
		}
	}
}

func TestAUserChangedOnOneReplicaIsReadFreshOnEveryReplica(t *testing.T) {
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a, b, seen := twoReplicas(t, dialect, url)
			ctx := context.Background()
			admin, err := a.svc.FindByLogin(ctx, AdminUserName)
			if err != nil {
				t.Fatal(err)
			}
			if u, err := b.svc.GetUser(ctx, admin.ID); err != nil || u.Name != "管理员" {
				t.Fatalf("b reads the admin: %+v %v", u, err)
			}
			if _, err := a.svc.UpdateProfile(ctx, admin.ID, ProfileInput{Name: "Ada", Email: "ada@kerf.local"}); err != nil {
				t.Fatal(err)
			}
			if u, _ := a.svc.GetUser(ctx, admin.ID); u.Name != "Ada" {
				t.Fatalf("the writing replica reads %q", u.Name)
			}
			waitFor(t, seen, admin.ID.String())
			u, err := b.svc.GetUser(ctx, admin.ID)
			if err != nil || u.Name != "Ada" {
				t.Fatalf("the other replica reads %q, %v", u.Name, err)
			}
			// What a caller does to the user it got does not change the cached one.
			u.Name = "scribbled"
			if again, _ := b.svc.GetUser(ctx, admin.ID); again.Name != "Ada" {
				t.Fatalf("cached user changed through a returned copy: %q", again.Name)
			}
			// A user is read in its own tenant only, cached or not.
			demo, err := b.svc.ResolveTenant(ctx, DemoTenantName)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.svc.GetUser(tenancy.WithTenant(ctx, demo), admin.ID); !errors.Is(err, db.ErrNotFound) {
				t.Fatalf("host admin read inside the demo tenant: %v", err)
			}
		})
	}
}

func TestATenantDeactivatedOnOneReplicaIsRefusedOnEveryReplica(t *testing.T) {
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a, b, seen := twoReplicas(t, dialect, url)
			ctx := context.Background()
			demo, err := b.svc.ResolveTenant(ctx, "Demo") // cached by name
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.svc.GetTenant(ctx, *demo.ID); err != nil { // and by id
				t.Fatal(err)
			}
			if err := a.svc.SetTenantState(ctx, *demo.ID, false, "closed for stocktaking"); err != nil {
				t.Fatal(err)
			}
			waitFor(t, seen, demo.ID.String())
			if _, err := b.svc.ResolveTenant(ctx, "demo"); !errors.Is(err, tenancy.ErrTenantNotAvailable) {
				t.Fatalf("inactive tenant by name = %v", err)
			}
			if _, err := b.svc.ResolveTenant(ctx, demo.ID.String()); !errors.Is(err, tenancy.ErrTenantNotAvailable) {
				t.Fatalf("inactive tenant by id = %v", err)
			}
			row, err := b.svc.TenantRow(ctx, *demo.ID)
			if err != nil || row.IsActive || row.ActivationMessage != "closed for stocktaking" {
				t.Fatalf("tenant row = %+v, %v", row, err)
			}
		})
	}
}
