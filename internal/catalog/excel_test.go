package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

// sheetRows reads every row of the first sheet of an .xlsx file.
func sheetRows(t *testing.T, b []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not an .xlsx file: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// filled takes a template, drops its example row and appends rows.
func filled(t *testing.T, template []byte, rows ...[]any) []byte {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(template))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetList()[0]
	if err := f.RemoveRow(sheet, 2); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := f.SetSheetRow(sheet, cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTemplateFillImportRoundTrip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "地柜", uuid.Nil)

		var en, zh bytes.Buffer
		if err := s.WriteTemplate(localization.WithCulture(ctx, localization.En), ModuleProduct, &en); err != nil {
			t.Fatal(err)
		}
		if err := s.WriteTemplate(localization.WithCulture(ctx, localization.ZhHans), ModuleProduct, &zh); err != nil {
			t.Fatal(err)
		}
		enRows, zhRows := sheetRows(t, en.Bytes()), sheetRows(t, zh.Bytes())
		if len(enRows) != 2 || enRows[0][0] != "Name*" || enRows[0][9] != "Board cost" || enRows[1][0] != "Base cabinet 600" {
			t.Fatalf("English template: %q", enRows)
		}
		if zhRows[0][0] != "名称*" || zhRows[0][11] != "颜色" || zhRows[1][0] != "地柜 600" {
			t.Fatalf("Chinese template: %q", zhRows)
		}

		// The example row itself imports.
		n, err := s.ImportProducts(ctx, c.ID, bytes.NewReader(en.Bytes()))
		if err != nil || n != 1 {
			t.Fatalf("example row: %d %v", n, err)
		}
		// An English template filled in imports under any culture.
		file := filled(t, en.Bytes(),
			[]any{"地柜 300", "DG-300", "E1", "S1", "W1", "F1", 300, 560, 720, 420.5, "desc", "白色", "件", "", "Yes"},
			[]any{"地柜 400", "DG-400", "", "", "", "", "400", "", "", "", "", "", "", "", "No"},
			[]any{},
			[]any{"地柜 450"},
		)
		n, err = s.ImportProducts(ctx, c.ID, bytes.NewReader(file))
		if err != nil || n != 3 {
			t.Fatalf("import: %d %v", n, err)
		}
		_, total := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{c.ID}, Limit: 10}))
		rows, _ := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{c.ID}, Filter: "地柜", Sorting: "name"}))
		if total != 4 || len(rows) != 3 {
			t.Fatalf("%d products after import", total)
		}
		p := rows[0]
		if p.Name != "地柜 300" || p.Code != "DG-300" || p.ErpCode != "E1" || *p.Length != 300 || *p.Price != 420.5 ||
			p.Color != "白色" || !p.IsEnable || p.ModuleName != ModuleProduct || p.TenantID == nil || p.CreatorID == nil {
			t.Fatalf("imported row: %+v", p)
		}
		if rows[1].Name != "地柜 400" || rows[1].IsEnable || rows[1].Width != nil || *rows[1].Length != 400 {
			t.Fatalf("second row: %+v", rows[1])
		}

		// Export gives the same rows back in the template's columns.
		var out bytes.Buffer
		if err := s.ExportProducts(localization.WithCulture(ctx, localization.En), ItemQuery{CatalogIDs: []uuid.UUID{c.ID}, Filter: "地柜", Sorting: "name"}, &out); err != nil {
			t.Fatal(err)
		}
		exp := sheetRows(t, out.Bytes())
		if len(exp) != 4 || exp[0][0] != "Name*" || exp[1][0] != "地柜 300" || exp[1][6] != "300" || exp[2][14] != "No" {
			t.Fatalf("export: %q", exp)
		}
		// ... and the export imports again.
		if n, err := s.ImportProducts(ctx, c.ID, bytes.NewReader(out.Bytes())); err != nil || n != 3 {
			t.Fatalf("re-import of the export: %d %v", n, err)
		}
	})
}

func TestPartsTemplateHasCountAndSize(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := localization.WithCulture(tenantCtx(newTenant()), localization.ZhHans)
		c := dir(t, s, ctx, ModuleMatter, "板材", uuid.Nil)
		var tpl bytes.Buffer
		if err := s.WriteTemplate(ctx, ModuleMatter, &tpl); err != nil {
			t.Fatal(err)
		}
		head := sheetRows(t, tpl.Bytes())[0]
		if head[15] != "数量" || head[16] != "规格" {
			t.Fatalf("parts headers: %q", head)
		}
		file := filled(t, tpl.Bytes(), []any{"颗粒板 18 白", "PB18", "", "", "", "", 2440, 1220, 18, 138, "", "白", "张", "", "是", 3, "2440*1220"})
		if n, err := s.ImportParts(ctx, c.ID, bytes.NewReader(file)); err != nil || n != 1 {
			t.Fatalf("import: %d %v", n, err)
		}
		rows, _ := must3[Part](t)(s.ListParts(ctx, ItemQuery{}))
		if len(rows) != 1 || *rows[0].Count != 3 || rows[0].Size != "2440*1220" || *rows[0].Height != 18 {
			t.Fatalf("part: %+v", rows)
		}
		// A parts file cannot go into a product directory.
		p := dir(t, s, ctx, ModuleProduct, "产品", uuid.Nil)
		if _, err := s.ImportParts(ctx, p.ID, bytes.NewReader(file)); fields(t, err)["catalogId"] != KeyWrongModule {
			t.Fatalf("wrong module: %v", err)
		}
	})
}

func TestABadRowImportsNothingAndNamesEveryRow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "地柜", uuid.Nil)
		var tpl bytes.Buffer
		if err := s.WriteTemplate(ctx, ModuleProduct, &tpl); err != nil {
			t.Fatal(err)
		}
		file := filled(t, tpl.Bytes(),
			[]any{"好的一行", "OK"},            // row 2: fine
			[]any{"", "NO-NAME"},           // row 3: name required
			[]any{strings.Repeat("长", 31)}, // row 4: name too long
			[]any{"单位", "", "", "", "", "", "", "", "", "", "", "", strings.Repeat("u", 11)}, // row 5: unit too long
			[]any{"颜色", "", "", "", "", "", "", "", "", "", "", strings.Repeat("c", 19)},     // row 6: colour too long
			[]any{"数字", "", "", "", "", "", "六百"},                                            // row 7: not a number
			[]any{"负数", "", "", "", "", "", -5},                                              // row 8: negative
			[]any{"好的一行", "OK"},                                                              // row 9: duplicates row 2
			[]any{"启用", "", "", "", "", "", "", "", "", "", "", "", "", "", "也许"},            // row 10: not yes/no
		)
		_, err := s.ImportProducts(ctx, c.ID, bytes.NewReader(file))
		var ve *apperr.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("want a validation error, got %v", err)
		}
		want := map[string]string{
			"row3.name": KeyRowRequired, "row4.name": KeyRowTooLong, "row5.unit": KeyRowTooLong, "row6.color": KeyRowTooLong,
			"row7.length": KeyRowNumber, "row8.length": KeyRowMin, "row9": KeyRowDuplicate, "row10.isEnable": KeyRowBool,
		}
		got := map[string]string{}
		for _, fe := range ve.Fields {
			got[fe.Field] = fe.Key
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("errors:\n got %v\nwant %v", got, want)
		}
		for _, fe := range ve.Fields {
			if fe.Field == "row9" && (fe.Args[0] != 9 || fe.Args[1] != 2) {
				t.Fatalf("duplicate args: %v", fe.Args)
			}
		}
		texts := localization.NewCatalog()
		texts.Add(texts_())
		if msg := texts.Get(localization.En, KeyRowRequired, 3, texts.Get(localization.En, FieldName)); msg != "Row 3: Name is required" {
			t.Fatalf("message: %q", msg)
		}
		if rows, _, _ := s.ListProducts(ctx, ItemQuery{}); len(rows) != 0 {
			t.Fatalf("%d rows imported from a bad file", len(rows))
		}
	})
}

func TestImportRefusesWhatIsNotAnXlsxSheet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "地柜", uuid.Nil)

		if _, err := s.ImportProducts(ctx, c.ID, strings.NewReader("name,code\nx,y\n")); userKey(t, err) != KeyXlsxOnly {
			t.Fatalf("CSV: %v", err)
		}
		if _, err := s.ImportProducts(ctx, c.ID, strings.NewReader("PK\x03\x04 broken zip")); userKey(t, err) != KeyBadSpreadsheet {
			t.Fatalf("broken zip: %v", err)
		}
		f := excelize.NewFile()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"foo", "bar"})
		_ = f.SetSheetRow("Sheet1", "A2", &[]any{"x", "y"})
		var buf bytes.Buffer
		_, _ = f.WriteTo(&buf)
		if _, err := s.ImportProducts(ctx, c.ID, bytes.NewReader(buf.Bytes())); userKey(t, err) != KeyImportNoName {
			t.Fatalf("no name column: %v", err)
		}
		var tpl bytes.Buffer
		_ = s.WriteTemplate(ctx, ModuleProduct, &tpl)
		empty := filled(t, tpl.Bytes())
		if _, err := s.ImportProducts(ctx, c.ID, bytes.NewReader(empty)); userKey(t, err) != KeyImportEmpty {
			t.Fatalf("no rows: %v", err)
		}
		if _, err := s.ImportProducts(ctx, uuid.New(), bytes.NewReader(tpl.Bytes())); fields(t, err)["catalogId"] != KeyCatalogNotFound {
			t.Fatalf("missing directory: %v", err)
		}
	})
}
