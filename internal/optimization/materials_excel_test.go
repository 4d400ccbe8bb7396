package optimization

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

// matTextService is matService with the area's texts, so the workbook has its real headers.
func matTextService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	s := matService(t, d)
	cat := localization.NewCatalog()
	cat.Add(materialsTexts)
	s.texts = cat
	return s
}

// matWorkbook builds an .xlsx of sheets (name → rows, the first row the header).
func matWorkbook(t *testing.T, sheets ...struct {
	name string
	rows [][]any
}) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, sh := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", sh.name); err != nil {
				t.Fatal(err)
			}
		} else if _, err := f.NewSheet(sh.name); err != nil {
			t.Fatal(err)
		}
		for r, row := range sh.rows {
			cell, _ := excelize.CoordinatesToCellName(1, r+1)
			if err := f.SetSheetRow(sh.name, cell, &row); err != nil {
				t.Fatal(err)
			}
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type matSheet = struct {
	name string
	rows [][]any
}

// matMessages answers the messages of a validation error.
func matMessages(t *testing.T, s *Service, err error) string {
	t.Helper()
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	var out []string
	for _, f := range ve.Fields {
		out = append(out, s.texts.Get(localization.En, f.Key, f.Args...))
	}
	return strings.Join(out, "\n")
}

func TestTheWorkbookRoundTripsInEitherLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matTextService(t, d)
		ctx := matCtx(uuid.New())
		matWarehouse(t, ctx, d)
		oak := material("PB18-OK", board("FULL", 2440, 1220, 156),
			MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "OFF", Length: 900, Width: 400, Cost: 0, Quantity: qty(3),
				IsOffcut: true, PlanNo: "OP20250301001", BinCode: "B01-1-2"}})
		oak.Grain, oak.Color = true, "橡木"
		m := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, oak))
		off := false
		hdf := material("HDF5", board("H", 2440, 1220, 48))
		hdf.Thickness, hdf.EdgeAllowance, hdf.IsEnable = 5, 0, &off
		matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, hdf))

		// exported in English, imported into another tenant: the same rows
		var buf bytes.Buffer
		if err := s.ExportMaterials(localization.WithCulture(ctx, localization.En), nil, &buf); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(f.GetSheetList()); got != "[Materials Boards]" {
			t.Fatalf("sheets %s", got)
		}
		head, _ := f.GetRows("Boards")
		if fmt.Sprint(head[0]) != "[Material code* Board code Length* Width* Cost Quantity Offcut Plan no. Bin]" || len(head) != 4 {
			t.Fatalf("boards sheet %v", head)
		}
		_ = f.Close()
		other := matCtx(uuid.New())
		matWarehouse(t, other, d) // the offcut's bin is the other tenant's too
		res := matMust[*MaterialsSaveResult](t)(s.ImportMaterials(other, bytes.NewReader(buf.Bytes())))
		if *res != (MaterialsSaveResult{MaterialsCreated: 2, BoardsCreated: 3}) {
			t.Fatalf("import result %+v", res)
		}
		got := matMust[map[string]Material](t)(s.MaterialsByCode(other, []string{"PB18-OK", "HDF5"}))
		g := matMust[*MaterialWithBoards](t)(s.GetMaterial(other, got["PB18-OK"].ID))
		if !g.Grain || g.Color != "橡木" || g.EdgeAllowance != 1 || !g.IsEnable || boardCodes(g.Boards) != "FULL,OFF" ||
			g.Boards[0].Quantity != nil || *g.Boards[1].Quantity != 3 || g.Boards[1].BinCode != "B01-1-2" || !g.Boards[1].IsOffcut ||
			g.Boards[1].PlanNo != "OP20250301001" || g.Boards[0].Cost != 156 {
			t.Fatalf("imported %+v %+v", g.Material, g.Boards)
		}
		if h := got["HDF5"]; h.IsEnable || h.Thickness != 5 {
			t.Fatalf("imported %+v", h)
		}

		// exported in Chinese (the chosen ids) and imported again over the same tenant: updates
		buf.Reset()
		if err := s.ExportMaterials(ctx, []uuid.UUID{m.ID}, &buf); err != nil {
			t.Fatal(err)
		}
		f, _ = excelize.OpenReader(bytes.NewReader(buf.Bytes()))
		if got := fmt.Sprint(f.GetSheetList()); got != "[材料 板材]" {
			t.Fatalf("sheets %s", got)
		}
		rows, _ := f.GetRows("材料")
		if len(rows) != 2 || rows[1][0] != "PB18-OK" || rows[1][3] != "是" {
			t.Fatalf("materials sheet %v", rows)
		}
		_ = f.Close()
		res = matMust[*MaterialsSaveResult](t)(s.ImportMaterials(ctx, bytes.NewReader(buf.Bytes())))
		if *res != (MaterialsSaveResult{MaterialsUpdated: 1}) {
			t.Fatalf("re-import result %+v", res)
		}
	})
}

func TestABadWorkbookNamesSheetRowAndColumnAndChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matTextService(t, d)
		ctx := localization.WithCulture(matCtx(uuid.New()), localization.En)
		stored := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("STORED", board("A", 100, 100, 1))))
		good := matSheet{"Materials", [][]any{{"Code", "Name", "Thickness", "Grain"}, {"M1", "One", 18, "yes"}}}
		cases := []struct {
			name   string
			sheets []matSheet
			want   []string
		}{
			{"bad cells", []matSheet{
				{"材料", [][]any{{"材料编码*", "材料名称*", "厚度*", "纹理"}, {"M1", "一", 18, "是"}, {}, {"M2", "", "厚", "也许"}, {"m1", "重复", 18}}},
				{"板材", [][]any{{"材料编码", "长度", "宽度", "数量"}, {"M1", 2440, 1220, "不限"}, {"M1", 7000, 1220, 1}, {"NOPE", 10, 10}, {"M1", 10, 10, 1.5}}},
			}, []string{
				`Sheet "材料", row 4, column "Thickness": must be a number`,
				`Sheet "材料", row 4, column "Grain": must be yes or no`,
				`Sheet "材料", row 4, column "Material name": Material name is required`,
				`Sheet "材料", row 5, column "Material code": duplicates row 2`,
				`Sheet "板材", row 3, column "Length": Length must be at most 6000`,
				`Sheet "板材", row 4, column "Material code": there is no material with the code "NOPE"`,
				`Sheet "板材", row 5, column "Quantity": Quantity must be a whole number`,
			}},
			{"missing column", []matSheet{{"Materials", [][]any{{"Code", "Thickness"}, {"M1", 18}}}},
				[]string{`Row 1 of the sheet "Materials" has no "Material name" column`}},
			{"board twice", []matSheet{good, {"Boards", [][]any{{"Material code", "Board code", "Length", "Width"},
				{"M1", "", 100, 50}, {"m1", "100x50", 100, 50}}}},
				[]string{`Sheet "Boards", row 3, column "Board code": duplicates row 2`}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.ImportMaterials(ctx, bytes.NewReader(matWorkbook(t, c.sheets...)))
				if got := matMessages(t, s, err); got != strings.Join(c.want, "\n") {
					t.Fatalf("messages:\n%s\nwant:\n%s", got, strings.Join(c.want, "\n"))
				}
			})
		}
		// user errors: not a workbook, no materials sheet, nothing in it
		for name, data := range map[string][]byte{
			KeyMaterialsXlsxOnly:    []byte("code,name\nM1,one"),
			KeyMaterialsNoSheet:     matWorkbook(t, matSheet{"Sheet1", [][]any{{"Code"}}}),
			KeyMaterialsImportEmpty: matWorkbook(t, matSheet{"材料", [][]any{{"Code", "Name", "Thickness"}}}),
		} {
			if _, err := s.ImportMaterials(ctx, bytes.NewReader(data)); matUserKey(t, err) != name {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if _, n, _ := s.ListMaterials(ctx, MaterialQuery{}); n != 1 {
			t.Fatalf("refused imports left %d materials", n)
		}
		// boards of a stored material the Materials sheet does not list are added to it
		res := matMust[*MaterialsSaveResult](t)(s.ImportMaterials(ctx, bytes.NewReader(matWorkbook(t, good,
			matSheet{"Boards", [][]any{{"materialCode", "code", "length", "width", "cost"}, {"stored", "B", 1220, 610, 70}, {"M1", "", 2440, 1220, 1}}}))))
		if *res != (MaterialsSaveResult{MaterialsCreated: 1, BoardsCreated: 2}) {
			t.Fatalf("result %+v", res)
		}
		g := matMust[*MaterialWithBoards](t)(s.GetMaterial(ctx, stored.ID))
		if boardCodes(g.Boards) != "A,B" || g.Name != stored.Name {
			t.Fatalf("stored material after import: %+v %s", g.Material, boardCodes(g.Boards))
		}
	})
}
