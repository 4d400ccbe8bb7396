package orgunits

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// fixture is the area on a migrated database, with identity (and its role cache, on a bus of
// its own) beside it.
type fixture struct {
	d        *db.DB
	svc      *Service
	identity *identity.Service
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	b := bus.New(d)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	reg := permission.NewRegistry()
	id := identity.New(identity.Deps{DB: d, Registry: reg, Permissions: &permission.Service{DB: d, Registry: reg, Bus: b}, Bus: b})
	reg.Add(id.Permissions()...)
	m := New(Deps{DB: d, Identity: id.Service(), Bus: b})
	if err := d.Migrate(context.Background(), append(append(permission.Migrations, id.Migrations()...), m.Migrations()...)); err != nil {
		t.Fatal(err)
	}
	return &fixture{d: d, svc: m.Service(), identity: id.Service()}
}

// tenantCtx is a request of an administrator of a new tenant.
func tenantCtx() context.Context {
	id := uuid.New()
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &id, Name: "t-" + id.String()[:8], IsActive: true})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: &id, UserName: "tester"})
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

func (f *fixture) unit(t *testing.T, ctx context.Context, name string, parent *OrganizationUnit) *OrganizationUnit {
	t.Helper()
	in := CreateOrganizationUnitInput{DisplayName: name}
	if parent != nil {
		in.ParentID = &parent.ID
	}
	return must[*OrganizationUnit](t)(f.svc.CreateUnit(ctx, in))
}

func (f *fixture) get(t *testing.T, ctx context.Context, u *OrganizationUnit) *OrganizationUnit {
	t.Helper()
	return must[*OrganizationUnit](t)(f.svc.GetUnit(ctx, u.ID))
}

func (f *fixture) user(t *testing.T, ctx context.Context, name string) uuid.UUID {
	t.Helper()
	u, err := f.identity.CreateUser(ctx, identity.CreateUserInput{UserName: name, Password: "1q2w3E*", Email: name + "@test.local"})
	if err != nil {
		t.Fatalf("create user %s: %v", name, err)
	}
	return u.ID
}

func (f *fixture) role(t *testing.T, ctx context.Context, name string) uuid.UUID {
	t.Helper()
	return must[*identity.Role](t)(f.identity.EnsureRole(ctx, name, false, false)).ID
}

// codes answers the codes of the tenant's units by display name.
func (f *fixture) codes(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	rows, _ := must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Limit: 1000}))
	out := map[string]string{}
	for _, r := range rows {
		out[r.DisplayName] = r.Code
	}
	return out
}

func must2[T any](t *testing.T) func(v T, n int, err error) (T, int) {
	return func(v T, n int, err error) (T, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v, n
	}
}

// fields answers the members of a validation error with their message keys, failing when err
// is not one.
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

func ids(rows []OrganizationUnit) []uuid.UUID {
	out := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}
