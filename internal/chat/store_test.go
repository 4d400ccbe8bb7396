package chat

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func TestFlipTurnsEveryDirection(t *testing.T) {
	for in, want := range map[string]string{
		"?TableAlias.creation_time ASC":                          "?TableAlias.creation_time DESC",
		"?TableAlias.user_name DESC, ?TableAlias.name ASC":       "?TableAlias.user_name ASC, ?TableAlias.name DESC",
		"?TableAlias.message_type ASC,?TableAlias.creation_time": "?TableAlias.message_type DESC, ?TableAlias.creation_time DESC",
	} {
		if got := flip(in); got != want {
			t.Errorf("flip(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConnectionsOfAStoppedReplicaAreSwept: each replica refreshes the heartbeat of its own
// connections; one that stopped without closing them stops refreshing, and the next
// heartbeat of any replica removes them, so its users are no longer online.
func TestConnectionsOfAStoppedReplicaAreSwept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		db.HostTable("im_connections")
		if err := d.Migrate(context.Background(), migrations); err != nil {
			t.Fatal(err)
		}
		tenant := uuid.New()
		ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant})
		users := func(context.Context, uuid.UUID) (UserInfo, error) { return UserInfo{}, db.ErrNotFound }
		clock := time.Now().UTC()
		replica := func() *Service {
			s := NewService(d, blob.NewMemory(), users, nil)
			s.now = func() time.Time { return clock }
			return s
		}
		a, b := replica(), replica()
		ann, bea := uuid.New(), uuid.New()
		if err := a.Connected(ctx, "a-1", ann, &tenant); err != nil {
			t.Fatal(err)
		}
		if err := b.Connected(ctx, "b-1", bea, &tenant); err != nil {
			t.Fatal(err)
		}
		on := func() map[uuid.UUID]bool {
			m, err := a.st.online(ctx, []uuid.UUID{ann, bea}, clock.Add(-onlineWithin))
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if m := on(); !m[ann] || !m[bea] {
			t.Fatalf("both connected: %v", m)
		}
		// Replica b stops; a keeps beating.
		for range 4 {
			clock = clock.Add(heartbeatEvery)
			if err := a.heartbeat(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if m := on(); !m[ann] || m[bea] {
			t.Fatalf("after b stopped: %v", m)
		}
		var left []connectionRow
		if err := db.Select(tenancy.AllTenants(ctx), d, &left).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(left) != 1 || left[0].ConnectionID != "a-1" {
			t.Fatalf("rows left: %+v", left)
		}
		// Another tenant's query does not see a's connection.
		other := uuid.New()
		m, err := a.st.online(tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &other}), []uuid.UUID{ann}, clock.Add(-onlineWithin))
		if err != nil || m[ann] {
			t.Fatalf("another tenant sees the connection: %v %v", m, err)
		}
	})
}

// TestTheCallerMustBeAUserOfTheTenant: no login is unauthorised; a host user acting in a
// tenant is refused.
func TestTheCallerMustBeAUserOfTheTenant(t *testing.T) {
	s := &Service{}
	if _, err := s.me(context.Background()); !errors.Is(err, apperr.ErrUnauthorized) {
		t.Fatal("no login accepted")
	}
	tenant := uuid.New()
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant})
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New()})
	if _, err := s.me(ctx); !errors.Is(err, apperr.ErrForbidden) {
		t.Fatal("a host user acting in a tenant accepted")
	}
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: &tenant})
	if _, err := s.me(ctx); err != nil {
		t.Fatal(err)
	}
}
