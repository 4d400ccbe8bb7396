package catalog

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// newService migrates d and returns a service on it.
func newService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	texts := localization.NewCatalog()
	texts.Add(texts_())
	return NewService(d, texts)
}

func texts_() localization.Texts { return texts }

// tenantCtx is a request of a user of a new tenant (nil: the host).
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

func dir(t *testing.T, s *Service, ctx context.Context, module, name string, parent uuid.UUID) *Catalog {
	t.Helper()
	return must[*Catalog](t)(s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: name, ModuleName: module, ParentID: parent}))
}

func product(t *testing.T, s *Service, ctx context.Context, catalog uuid.UUID, name string) *Product {
	t.Helper()
	return must[*Product](t)(s.CreateProduct(ctx, CreateProductInput{CatalogID: catalog, ItemFieldsInput: ItemFieldsInput{Name: name}}))
}

func part(t *testing.T, s *Service, ctx context.Context, catalog uuid.UUID, name string) *Part {
	t.Helper()
	return must[*Part](t)(s.CreatePart(ctx, CreatePartInput{CatalogID: catalog, PartFieldsInput: PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: name}}}))
}

func f(v float64) *float64 { return &v }

// userKey returns the message key of a UserError, failing when err is not one.
func userKey(t *testing.T, err error) string {
	t.Helper()
	var ue *apperr.UserError
	if !errors.As(err, &ue) {
		t.Fatalf("want a user error, got %v", err)
	}
	return ue.Key
}
