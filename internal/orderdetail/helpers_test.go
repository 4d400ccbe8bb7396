package orderdetail_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/catalog"
	"kerf/internal/importmapping"
	"kerf/internal/orderdetail"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

// fx is a running app with the services the tests call and an administrator's context.
type fx struct {
	*apptest.Env
	lines    *orderdetail.Service
	orders   *salesorder.Service
	catalog  *catalog.Service
	mappings *importmapping.Service
	ctx      context.Context // the host's admin, in English
	typeID   uuid.UUID       // an order type of the host
}

func setup(t *testing.T, e *apptest.Env) *fx {
	t.Helper()
	v := &fx{Env: e}
	for _, m := range e.App.Modules {
		switch x := m.(type) {
		case *orderdetail.Module:
			v.lines = x.Service()
		case *salesorder.Module:
			v.orders = x.Service()
		case *catalog.Module:
			v.catalog = x.Service()
		case *importmapping.Module:
			v.mappings = x.Service()
		}
	}
	v.ctx = v.as(t, "", "admin")
	types, _, err := v.orders.ListOrderTypes(v.ctx, salesorder.TypeQuery{Limit: 10})
	if err != nil || len(types) == 0 {
		t.Fatalf("order types: %v %v", types, err)
	}
	v.typeID = types[0].ID
	return v
}

// as answers the context of user of tenant ("" the host), in English.
func (v *fx) as(t *testing.T, tenant, user string) context.Context {
	t.Helper()
	ctx := v.In(t, tenant)
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: v.UserID(t, user, tenant), UserName: user, TenantID: tenancy.ID(ctx)})
	return localization.WithCulture(ctx, localization.En)
}

func (v *fx) order(t *testing.T, ctx context.Context) *salesorder.SalesOrder {
	t.Helper()
	types, _, err := v.orders.ListOrderTypes(ctx, salesorder.TypeQuery{Limit: 10})
	if err != nil || len(types) == 0 {
		t.Fatalf("order types: %v", err)
	}
	return check(v.orders.Create(ctx, salesorder.SalesOrderInput{OrderTypeID: types[0].ID, CustomerName: "张三", DealerName: "华东经销"}))(t)
}

func (v *fx) product(t *testing.T, ctx context.Context, name string, price float64) *catalog.Product {
	t.Helper()
	dir := check(v.catalog.CreateCatalog(ctx, catalog.CreateCatalogInput{DisplayName: "订单测试", ModuleName: catalog.ModuleProduct}))(t)
	return check(v.catalog.CreateProduct(ctx, catalog.CreateProductInput{CatalogID: dir.ID, ItemFieldsInput: catalog.ItemFieldsInput{
		Name: name, Code: "P-" + name, Length: fp(600), Width: fp(560), Height: fp(720), Price: &price, Color: "暖白", Unit: "件"}}))(t)
}

func (v *fx) part(t *testing.T, ctx context.Context, name string, price float64) *catalog.Part {
	t.Helper()
	dir := check(v.catalog.CreateCatalog(ctx, catalog.CreateCatalogInput{DisplayName: "物料测试", ModuleName: catalog.ModuleMatter}))(t)
	return check(v.catalog.CreatePart(ctx, catalog.CreatePartInput{CatalogID: dir.ID, PartFieldsInput: catalog.PartFieldsInput{
		ItemFieldsInput: catalog.ItemFieldsInput{Name: name, Code: "M-" + name, Length: fp(2440), Width: fp(1220), Height: fp(18),
			Price: &price, Unit: "张"}, Count: fp(5)}}))(t)
}

// pick adds catalogue rows to a table of an order.
func (v *fx) pick(t *testing.T, ctx context.Context, o uuid.UUID, table string, ids ...uuid.UUID) []orderdetail.Line {
	t.Helper()
	items := make([]orderdetail.LineInput, len(ids))
	for i := range ids {
		items[i] = orderdetail.LineInput{SourceID: &ids[i]}
	}
	return check(v.lines.AddLines(ctx, table, orderdetail.AddLinesInput{SalesOrderID: o, Items: items}))(t)
}

func (v *fx) lineList(t *testing.T, ctx context.Context, o uuid.UUID, table string) []orderdetail.Line {
	t.Helper()
	ls, n, err := v.lines.ListLines(ctx, table, orderdetail.LineQuery{SalesOrderID: o})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(ls) {
		t.Fatalf("total %d for %d lines", n, len(ls))
	}
	return ls
}

func (v *fx) total(t *testing.T, ctx context.Context, o uuid.UUID) float64 {
	t.Helper()
	return check(v.orders.Get(ctx, o))(t).TotalPrice
}

func fp(v float64) *float64 { return &v }

// check answers v, failing the test when err is not nil: check(call())(t).
func check[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// fields answers a validation error's members and message keys.
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

// xlsx writes rows into a one-sheet workbook.
func xlsx(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sheet reads the first worksheet of an .xlsx.
func sheet(t *testing.T, data []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not an .xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
