package notifications

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// pushed is one get-notification the service sent.
type pushed struct {
	hub, method string
	users       []uuid.UUID
	msg         PushedNotification
}

// recorder records what the service pushes, after the commit of the caller's transaction as
// realtime.Server does (db.AfterCommit).
type recorder struct {
	mu   sync.Mutex
	sent []pushed
}

func (r *recorder) ToUsers(ctx context.Context, hub, method string, users []uuid.UUID, args ...any) error {
	p := pushed{hub: hub, method: method, users: append([]uuid.UUID(nil), users...), msg: args[0].(PushedNotification)}
	db.AfterCommit(ctx, func() {
		r.mu.Lock()
		r.sent = append(r.sent, p)
		r.mu.Unlock()
	})
	return nil
}

func (r *recorder) all() []pushed {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]pushed(nil), r.sent...)
}

// Kinds the tests publish.
const (
	kindPersistent = "Test.Persistent"
	kindOnlyOne    = "Test.OnlyOne"
)

var testDefs = []Definition{
	{Name: kindPersistent, AllowSubscription: true, Lifetime: Persistent,
		DisplayName: localization.Text{ZhHans: "持久", En: "Persistent"}, Description: localization.Text{ZhHans: "说明", En: "About"}},
	{Name: kindOnlyOne, AllowSubscription: true, Lifetime: OnlyOne,
		DisplayName: localization.Text{ZhHans: "唯一", En: "Only one"}},
}

// newService migrates d and returns a service on it with the test kinds and a recorder.
func newService(t *testing.T, d *db.DB, users ...uuid.UUID) (*Service, *recorder) {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	active := func(context.Context) ([]uuid.UUID, error) { return users, nil }
	return NewService(d, func() []Definition { return testDefs }, rec, active), rec
}

// as is a request of user in tenant (nil: the host), in culture.
func as(tenant *uuid.UUID, user uuid.UUID, culture string) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	ctx = localization.WithCulture(ctx, culture)
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: user, TenantID: tenant, UserName: "tester"})
}

func newTenant() *uuid.UUID { id := uuid.New(); return &id }

func text(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

// fields returns the members of a validation error, failing when err is not one.
func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range ve.Fields {
		out[f.Field] = f.Key
	}
	return out
}

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// list answers ctx's caller's notifications of q (defaults as the contract's).
func list(t *testing.T, s *Service, ctx context.Context, q Query) ([]UserNotification, int) {
	t.Helper()
	rows, total, err := s.List(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	return rows, total
}

var unread = Query{ReadState: UnRead, Reverse: true}
