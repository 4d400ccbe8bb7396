package importmapping

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
	"kerf/internal/platform/tenancy"
)

// testDictionaries is a data dictionary area in memory (the HTTP tests use the real one).
type testDictionaries map[string][]DictionaryItem

func (d testDictionaries) Details(_ context.Context, code string) ([]DictionaryItem, error) {
	for k, v := range d {
		if strings.EqualFold(k, code) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("dictionary %s: %w", code, db.ErrNotFound)
}

var dicts = testDictionaries{"Grain": {{Code: "L", Label: "横纹", Value: "length"}, {Code: "W", Label: "竖纹", Value: "width"}}}

// newService migrates d and returns a service on it.
func newService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	cat := localization.NewCatalog()
	cat.Add(texts)
	return NewService(d, cat, dicts)
}

// tenantCtx is a request of a user of a tenant (nil: the host).
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

// page is must for a list's rows and total.
func page[T any](t *testing.T) func(rows []T, n int, err error) ([]T, int) {
	return func(rows []T, n int, err error) ([]T, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return rows, n
	}
}

// fields answers the members of a validation error with their keys, failing when err is
// not one.
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

func userKey(t *testing.T, err error) string {
	t.Helper()
	var ue *apperr.UserError
	if !errors.As(err, &ue) {
		t.Fatalf("want a user error, got %v", err)
	}
	return ue.Key
}

// products is a valid sales-order products mapping.
func products(name string, isDefault bool) ImportRuleMappingInput {
	return ImportRuleMappingInput{Name: name, ModuleType: ModuleSalesOrderProducts, IsDefault: isDefault, MappingRules: []MappingRule{
		{ColumnIndex: 0, FieldName: "name", ValueType: 0},
		{ColumnIndex: 1, FieldName: "code", ValueType: 0},
		{ColumnIndex: 2, FieldName: "count", ValueType: 2, DefaultValue: "1"},
		{ColumnIndex: 3, FieldName: "category", ValueType: 0},
	}}
}

func sheetResult() sheetmap.Result { return sheetmap.Result{} }
