package permission_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// replica is one server's view: its database handle, bus and permission service.
type replica struct {
	db   *db.DB
	bus  *bus.Bus
	perm *permission.Service
	seen chan string // TopicGrants messages, received after the service's cache saw them
}

// twoReplicas builds two replicas on one database: on PostgreSQL two handles and two buses
// (LISTEN/NOTIFY between them), on SQLite one process with one bus and two services.
func twoReplicas(t *testing.T, dialect, url string, reg *permission.Registry) (a, b *replica) {
	t.Helper()
	ctx := context.Background()
	mk := func(d *db.DB, bs *bus.Bus) *replica {
		if bs == nil {
			bs = bus.New(d)
			if err := bs.Start(ctx); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = bs.Close() })
		}
		return &replica{db: d, bus: bs, perm: &permission.Service{DB: d, Registry: reg, Bus: bs}, seen: make(chan string, 100)}
	}
	da := dbtest.Open(t, url)
	if err := da.Migrate(ctx, permission.Migrations); err != nil {
		t.Fatal(err)
	}
	a = mk(da, nil)
	if dialect == db.Postgres {
		b = mk(dbtest.Open(t, url), nil)
	} else {
		b = mk(da, a.bus)
	}
	return a, b
}

// warm reads p's grants on r so that they are cached, then listens for grant messages.
func (r *replica) warm(t *testing.T, ctx context.Context, p *auth.Principal) {
	t.Helper()
	if _, err := r.perm.Granted(ctx, p); err != nil {
		t.Fatal(err)
	}
	r.bus.Subscribe(permission.TopicGrants, func(s string) { r.seen <- s })
}

// waitMessage waits until the message announcing payload reached r (its own messages reach
// it too, at once).
func (r *replica) waitMessage(t *testing.T, payload string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case p := <-r.seen:
			if p == payload {
				return
			}
		case <-deadline:
			t.Fatalf("message %q never reached the replica", payload)
		}
	}
}

func TestAGrantChangedOnOneReplicaIsCheckedOnEveryReplica(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permission.Group{Name: "G", DisplayName: localization.Text{ZhHans: "组", En: "Group"},
		Permissions: []permission.Definition{{Name: "A"}, {Name: "B"}}})
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a, b := twoReplicas(t, dialect, url, reg)
			tenant := uuid.New()
			ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant})
			p := &auth.Principal{UserID: uuid.New(), Roles: []string{"clerk"}}
			check := func(r *replica, name string, want bool) {
				t.Helper()
				got, err := r.perm.IsGranted(ctx, p, name)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("IsGranted(%s) = %v, want %v", name, got, want)
				}
			}
			set := func(r *replica, provider, key string, c permission.Change) {
				t.Helper()
				err := r.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					return r.perm.Set(ctx, tx, provider, key, []permission.Change{c})
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			b.warm(t, ctx, p)
			check(b, "A", false)
			a.warm(t, ctx, p)

			clerk, user := tenant.String()+"/R/clerk", tenant.String()+"/U/"+p.UserID.String()
			set(a, permission.Role, "clerk", permission.Change{Name: "A", IsGranted: true})
			check(a, "A", true) // the writer sees its change at once
			b.waitMessage(t, clerk)
			check(b, "A", true)

			set(b, permission.User, p.UserID.String(), permission.Change{Name: "B", IsGranted: true})
			check(b, "B", true)
			a.waitMessage(t, user)
			check(a, "B", true)

			set(a, permission.Role, "clerk", permission.Change{Name: "A", IsGranted: false})
			b.waitMessage(t, clerk)
			check(b, "A", false)
			check(b, "B", true)

			// Another tenant's grants are its own, cached or not.
			other := uuid.New()
			octx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &other})
			if ok, _ := b.perm.IsGranted(octx, p, "B"); ok {
				t.Fatal("a grant of one tenant answered in another")
			}
		})
	}
}

func TestARolledBackGrantIsNeverChecked(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, permission.Migrations); err != nil {
			t.Fatal(err)
		}
		reg := permission.NewRegistry()
		reg.Add(permission.Group{Name: "G", Permissions: []permission.Definition{{Name: "A"}}})
		b := bus.New(d)
		if err := b.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close() })
		s := &permission.Service{DB: d, Registry: reg, Bus: b}
		p := &auth.Principal{UserID: uuid.New()}
		_ = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := s.Set(ctx, tx, permission.User, p.UserID.String(), []permission.Change{{Name: "A", IsGranted: true}}); err != nil {
				t.Fatal(err)
			}
			return context.Canceled // roll back
		})
		if ok, err := s.IsGranted(ctx, p, "A"); err != nil || ok {
			t.Fatalf("IsGranted = %v, %v after a rollback", ok, err)
		}
	})
}
