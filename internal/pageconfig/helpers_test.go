package pageconfig

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// directory is the identity area as the service tests need it: the roles each user holds, the
// side's administrators and the roles that exist (the API tests use the real one).
type directory struct {
	mu     sync.Mutex
	roles  map[uuid.UUID][]string
	admins map[uuid.UUID]bool
	all    []string
	reads  int // EffectiveRoles calls
}

func newDirectory(all ...string) *directory {
	return &directory{roles: map[uuid.UUID][]string{}, admins: map[uuid.UUID]bool{}, all: all}
}

func (d *directory) EffectiveRoles(_ context.Context, id uuid.UUID) ([]string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.reads++
	return d.roles[id], nil
}

func (d *directory) IsSystemAdmin(_ context.Context, id uuid.UUID) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.admins[id], nil
}

func (d *directory) AllRoles(context.Context) ([]identity.RoleDto, error) {
	out := make([]identity.RoleDto, len(d.all))
	for i, n := range d.all {
		out[i] = identity.RoleDto{Name: n}
	}
	return out, nil
}

func (d *directory) GetUser(_ context.Context, id uuid.UUID) (*identity.User, error) {
	return &identity.User{UserName: "u-" + id.String()[:8]}, nil
}

// user adds a user holding roles and answers them as a caller of tenant.
func (d *directory) user(tenant *uuid.UUID, roles ...string) *auth.Principal {
	d.mu.Lock()
	defer d.mu.Unlock()
	id := uuid.New()
	d.roles[id] = roles
	return &auth.Principal{UserID: id, TenantID: tenant, UserName: "user"}
}

// newService migrates d and returns a service on it with its own bus.
func newService(t *testing.T, d *db.DB, dir Directory) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	return NewService(d, bus.New(d), dir)
}

// in is a request of p in its tenant.
func in(p *auth.Principal) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: p.TenantID, Name: "t"})
	return auth.WithPrincipal(ctx, p)
}

func newTenant() *uuid.UUID { id := uuid.New(); return &id }

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// fields returns member → message key of a validation error, failing when err is not one.
func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range ve.Fields {
		if out[f.Field] == "" {
			out[f.Field] = f.Key
		}
	}
	return out
}

// cfg is a config showing the given keys, in that order.
func cfg(keys ...string) string {
	s := "["
	for i, k := range keys {
		if i > 0 {
			s += ","
		}
		s += `{"key":"` + k + `","title":"` + k + `","isShow":true,"order":` + string(rune('0'+i%10)) + `}`
	}
	return s + "]"
}
