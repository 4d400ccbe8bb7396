package realtime

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func migrated(t *testing.T, d *db.DB) *db.DB {
	t.Helper()
	if err := d.Migrate(context.Background(), Migrations); err != nil {
		t.Fatal(err)
	}
	return d
}

// twoReplicas opens two servers, each with its own bus and pool, on one PostgreSQL schema.
func twoReplicas(t *testing.T, u *users) (*replica, *replica, *db.DB) {
	t.Helper()
	url, ok := dbtest.Dialects(t)[db.Postgres]
	if !ok {
		t.Skipf("%s is not set: two replicas need PostgreSQL", dbtest.EnvPostgres)
	}
	da := migrated(t, dbtest.Open(t, url))
	a := newReplica(t, u, da, Options{})
	b := newReplica(t, u, dbtest.Open(t, url), Options{})
	return a, b, da
}

func connected(t *testing.T, r *replica, hub, token string) *client {
	t.Helper()
	before := r.rt.Connections()
	c, _, err := dial(t, r.srv.URL, hub, token, "")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return r.rt.Connections() > before })
	return c
}

func TestAMessageSentOnOneReplicaReachesAUserOnAnother(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	a, b, d := twoReplicas(t, u)
	token, p := u.add(nil, "alice")
	onB := connected(t, b, "echo", token)
	ctx := context.Background()

	if err := a.rt.ToUsers(ctx, "echo", "note", []uuid.UUID{p.UserID}, "small"); err != nil {
		t.Fatal(err)
	}
	if m := onB.next(t, 5*time.Second); m["target"] != "note" || mustJSON(m["arguments"]) != `["small"]` {
		t.Fatalf("small message %v", m)
	}

	large := strings.Repeat("大块", 3000) // 18,000 bytes: beyond a NOTIFY payload
	if err := a.rt.ToUsers(ctx, "echo", "note", []uuid.UUID{p.UserID}, large); err != nil {
		t.Fatal(err)
	}
	if m := onB.next(t, 5*time.Second); mustJSON(m["arguments"]) != mustJSON([]string{large}) {
		t.Fatalf("large message of %d bytes not received whole", len(mustJSON(m["arguments"])))
	}
	n, err := d.NewSelect().Model((*storedEnvelope)(nil)).Count(ctx)
	if err != nil || n != 1 {
		t.Fatalf("stored envelopes %d %v, want the large one", n, err)
	}
	onB.none(t, 200*time.Millisecond) // each message once
}

func TestDisconnectClosesTheUsersConnectionsOnEveryReplica(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	a, b, _ := twoReplicas(t, u)
	token, p := u.add(nil, "alice")
	other, _ := u.add(nil, "bob")
	onA, onB, bob := connected(t, a, "echo", token), connected(t, b, "echo", token), connected(t, b, "echo", other)

	if err := a.rt.Disconnect(context.Background(), p.UserID); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*client{"replica A": onA, "replica B": onB} {
		m := c.next(t, 5*time.Second)
		if m["type"] != float64(typeClose) || m["allowReconnect"] != false || !strings.Contains(m["error"].(string), "signed out") {
			t.Fatalf("%s: close message %v", name, m)
		}
		c.closed(t, 5*time.Second)
	}
	waitFor(t, func() bool { return a.rt.Connections() == 0 && b.rt.Connections() == 1 })
	bob.none(t, 200*time.Millisecond) // another user keeps their connection
}

// TestTargetsNeverCrossTenants runs on each database with one replica: a tenant's message
// reaches that tenant's users only, never another tenant's nor the host's.
func TestTargetsNeverCrossTenants(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := &users{tokens: map[string]*auth.Principal{}}
		r := newReplica(t, u, migrated(t, d), Options{})
		tenantA, tenantB := uuid.New(), uuid.New()
		tokA, pa := u.add(&tenantA, "a-sales", "sales")
		tokA2, _ := u.add(&tenantA, "a-clerk", "clerk")
		tokB, _ := u.add(&tenantB, "b-sales", "sales")
		tokHost, _ := u.add(nil, "host-sales", "sales")
		ca, ca2, cb, ch := connected(t, r, "echo", tokA), connected(t, r, "echo", tokA2), connected(t, r, "echo", tokB), connected(t, r, "echo", tokHost)
		ctx := context.Background()

		cases := []struct {
			name  string
			to    Target
			reach []*client
			miss  []*client
		}{
			{"tenant A", Target{Tenant: true, TenantID: &tenantA}, []*client{ca, ca2}, []*client{cb, ch}},
			{"a role of tenant A", Target{Role: "SALES", TenantID: &tenantA}, []*client{ca}, []*client{ca2, cb, ch}},
			{"the host", Target{Tenant: true}, []*client{ch}, []*client{ca, ca2, cb}},
			{"a role of the host", Target{Role: "sales"}, []*client{ch}, []*client{ca, ca2, cb}},
			{"a user", Target{Users: []uuid.UUID{pa.UserID}}, []*client{ca}, []*client{ca2, cb, ch}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				if err := r.rt.Send(ctx, "echo", tc.to, "note", tc.name); err != nil {
					t.Fatal(err)
				}
				for _, c := range tc.reach {
					if m := c.next(t, 5*time.Second); mustJSON(m["arguments"]) != mustJSON([]string{tc.name}) {
						t.Fatalf("got %v", m)
					}
				}
				for _, c := range tc.miss {
					c.none(t, 100*time.Millisecond)
				}
			})
		}
		t.Run("another hub's connections are not reached", func(t *testing.T) {
			if err := r.rt.Send(ctx, "push", Target{Tenant: true, TenantID: &tenantA}, "note"); err != nil {
				t.Fatal(err)
			}
			ca.none(t, 100*time.Millisecond)
		})
		t.Run("a target naming no one or two kinds is refused", func(t *testing.T) {
			for _, to := range []Target{{}, {TenantID: &tenantA}, {Tenant: true, Role: "sales"}, {Users: []uuid.UUID{pa.UserID}, Tenant: true}} {
				if err := r.rt.Send(ctx, "echo", to, "note"); !errors.Is(err, ErrBadTarget) {
					t.Fatalf("%+v: %v", to, err)
				}
			}
		})
	})
}

// TestAMessageSentInATransactionLeavesAfterTheCommit: never before it, never after a rollback.
func TestAMessageSentInATransactionLeavesAfterTheCommit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := &users{tokens: map[string]*auth.Principal{}}
		r := newReplica(t, u, migrated(t, d), Options{})
		token, p := u.add(nil, "alice")
		c := connected(t, r, "echo", token)
		ctx := context.Background()
		for _, large := range []bool{false, true} {
			text := "hello"
			if large {
				text = strings.Repeat("x", 9000)
			}
			rollback := errors.New("rolled back")
			err := d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
				if err := r.rt.ToUsers(ctx, "echo", "note", []uuid.UUID{p.UserID}, "never"); err != nil {
					t.Fatal(err)
				}
				return rollback
			})
			if !errors.Is(err, rollback) {
				t.Fatal(err)
			}
			c.none(t, 150*time.Millisecond)

			err = d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
				if err := r.rt.ToUsers(ctx, "echo", "note", []uuid.UUID{p.UserID}, text); err != nil {
					t.Fatal(err)
				}
				c.none(t, 150*time.Millisecond) // not before the commit
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if m := c.next(t, 5*time.Second); mustJSON(m["arguments"]) != mustJSON([]string{text}) {
				t.Fatalf("after the commit: %v", m)
			}
		}
	})
}

func TestOldEnvelopesAreSwept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Now()
		s := New(Options{DB: migrated(t, d), Now: func() time.Time { return now }})
		ctx := context.Background()
		old, err := s.store(ctx, "old")
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(EnvelopeLifetime + time.Second)
		fresh, err := s.store(ctx, "fresh")
		if err != nil {
			t.Fatal(err)
		}
		if n, err := s.sweepOnce(ctx); err != nil || n != 1 {
			t.Fatalf("swept %d %v", n, err)
		}
		if _, err := s.load(ctx, old); err == nil {
			t.Fatal("the old envelope is still there")
		}
		if f, err := s.load(ctx, fresh); err != nil || f != "fresh" {
			t.Fatalf("fresh envelope %q %v", f, err)
		}
	})
}
