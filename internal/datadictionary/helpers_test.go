package datadictionary

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// newBus starts a bus on d, closed when t ends.
func newBus(t *testing.T, d *db.DB) *bus.Bus {
	t.Helper()
	b := bus.New(d)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

// newService migrates d and returns a service on it that caches through a bus of its own.
func newService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	return NewService(d, newBus(t, d))
}

// tenantCtx is a request of a user of tenant (nil: the host).
func tenantCtx(tenant *uuid.UUID) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: tenant, UserName: "tester"})
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

// fields returns the members of a validation error with their message keys, failing when err
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

// notFoundKey returns the message key of a not-found error, failing when err is not one.
func notFoundKey(t *testing.T, err error) string {
	t.Helper()
	var k *apperr.Keyed
	if !errors.Is(err, db.ErrNotFound) || !errors.As(err, &k) {
		t.Fatalf("want not found, got %v", err)
	}
	return k.Key
}

func no() *bool { v := false; return &v }

// dict creates a dictionary with details given as code → label (value: the label).
func dict(t *testing.T, s *Service, ctx context.Context, code string, details ...DetailFieldsInput) *DictionaryWithDetails {
	t.Helper()
	return must[*DictionaryWithDetails](t)(s.CreateDictionary(ctx, CreateDictionaryInput{
		DictionaryFieldsInput: DictionaryFieldsInput{Code: code, DisplayName: "字典 " + code}, Details: details}))
}

func detail(code, label string, order int) DetailFieldsInput {
	return DetailFieldsInput{Code: code, Label: label, Value: "v-" + code, Order: order}
}

func labels(rows []Detail) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Label
	}
	return out
}
