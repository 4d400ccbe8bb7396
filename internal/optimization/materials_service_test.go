package optimization

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
	"kerf/internal/warehouse"
)

// matService migrates d with the materials' tables and returns a service on it.
func matService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), append(warehouse.New(warehouse.Deps{DB: d}).Migrations(), materialsMigrations...)); err != nil {
		t.Fatal(err)
	}
	return NewService(Deps{DB: d})
}

// matWarehouse gives ctx's tenant the demo warehouse (its offcut shelves B01 and B02 hold
// the offcut boards the tests write).
func matWarehouse(t *testing.T, ctx context.Context, d *db.DB) {
	t.Helper()
	if err := warehouse.SeedDemo(ctx, d, warehouse.NewService(d)); err != nil {
		t.Fatal(err)
	}
}

// matCtx is a request of a user of tenant.
func matCtx(tenant uuid.UUID) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: &tenant, UserName: "tester"})
}

func matMust[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// matFields returns the members of a validation error with their message keys.
func matFields(t *testing.T, err error) map[string]string {
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

func matUserKey(t *testing.T, err error) string {
	t.Helper()
	var ue *apperr.UserError
	if !errors.As(err, &ue) {
		t.Fatalf("want a user error, got %v", err)
	}
	return ue.Key
}

func qty(n int) *int { return &n }

func board(code string, l, w, cost float64) MaterialBoardInput {
	return MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: code, Length: l, Width: w, Cost: cost}}
}

func material(code string, boards ...MaterialBoardInput) CreateMaterialInput {
	return CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: code, Name: "材料 " + code, Thickness: 18,
		Color: "白", EdgeAllowance: 1}, Boards: boards}
}

func boardCodes(rows []Board) string {
	out := make([]string, len(rows))
	for i, b := range rows {
		out[i] = b.Code
	}
	return strings.Join(out, ",")
}

func TestMaterialsKeepTheirBoardsAndTheirTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matService(t, d)
		ctx, other := matCtx(uuid.New()), matCtx(uuid.New())
		matWarehouse(t, ctx, d)
		m := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material(" PB18-W ", board("", 2440, 1220, 138),
			MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "OC-1", Length: 800, Width: 600, Quantity: qty(2), IsOffcut: true,
				PlanNo: "OP20250101001", BinCode: "B01-1-1"}})))
		if m.Code != "PB18-W" || !m.IsEnable || boardCodes(m.Boards) != "2440x1220,OC-1" {
			t.Fatalf("created %+v with boards %s", m.Material, boardCodes(m.Boards))
		}
		if m.Boards[0].Quantity != nil || *m.Boards[1].Quantity != 2 || m.Boards[1].MaterialCode != "PB18-W" || m.Boards[1].Thickness != 18 {
			t.Fatalf("boards %+v", m.Boards)
		}
		// the code is unique in the tenant without regard to case, and free in another tenant
		_, err := s.CreateMaterial(ctx, material("pb18-w"))
		if f := matFields(t, err); f["code"] != KeyMaterialDuplicate {
			t.Fatalf("duplicate code: %v", f)
		}
		matMust[*MaterialWithBoards](t)(s.CreateMaterial(other, material("PB18-W")))
		var rows []Material
		var n int
		rows, n, err = s.ListMaterials(other, MaterialQuery{Limit: 20})
		if err != nil || n != 1 || rows[0].ID == m.ID {
			t.Fatalf("other tenant's list = %v %d %v", rows, n, err)
		}
		if _, err := s.GetMaterial(other, m.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("other tenant's get = %v", err)
		}
		if err := s.DeleteMaterial(other, m.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("other tenant's delete = %v", err)
		}
		if bs, n, _ := s.ListBoards(other, BoardQuery{Limit: 20}); n != 0 || len(bs) != 0 {
			t.Fatalf("other tenant's boards = %v", bs)
		}

		// update: the boards become those given — one changed, one added, the first gone
		in := UpdateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: "PB18-W", Name: "颗粒板", Thickness: 18, Grain: true},
			ConcurrencyStamp: m.ConcurrencyStamp, Boards: []MaterialBoardInput{
				{ID: &m.Boards[1].ID, BoardFieldsInput: BoardFieldsInput{Code: "OC-1", Length: 810, Width: 600, Quantity: qty(1), IsOffcut: true}},
				board("2800x2070", 2800, 2070, 198),
			}}
		u := matMust[*MaterialWithBoards](t)(s.UpdateMaterial(ctx, m.ID, in))
		if boardCodes(u.Boards) != "2800x2070,OC-1" || u.Boards[1].Length != 810 || u.Boards[1].ID != m.Boards[1].ID || !u.Grain {
			t.Fatalf("updated boards %s %+v", boardCodes(u.Boards), u.Boards)
		}
		// a stale stamp is a conflict; without boards they stay
		if _, err := s.UpdateMaterial(ctx, m.ID, in); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp = %v", err)
		}
		u = matMust[*MaterialWithBoards](t)(s.UpdateMaterial(ctx, m.ID, UpdateMaterialInput{MaterialFieldsInput: in.MaterialFieldsInput}))
		if len(u.Boards) != 2 {
			t.Fatalf("an update without boards changed them: %s", boardCodes(u.Boards))
		}
		// dropping the offcut in stock is refused, and nothing changes
		renamed := in.MaterialFieldsInput
		renamed.Name = "x"
		_, err = s.UpdateMaterial(ctx, m.ID, UpdateMaterialInput{MaterialFieldsInput: renamed}.withBoards())
		if matUserKey(t, err) != KeyBoardOffcutStock {
			t.Fatalf("dropping a stocked offcut = %v", err)
		}
		if g := matMust[*MaterialWithBoards](t)(s.GetMaterial(ctx, m.ID)); g.Name != "颗粒板" || len(g.Boards) != 2 {
			t.Fatalf("a refused update changed %+v", g)
		}
		// delete: refused while the offcut is in stock; then the material and its boards go
		if matUserKey(t, s.DeleteMaterial(ctx, m.ID)) != KeyMaterialOffcutStock {
			t.Fatal("a material with a stocked offcut was deleted")
		}
		off := u.Boards[1]
		matMust[*Board](t)(s.UpdateBoard(ctx, off.ID, UpdateBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "OC-1", Length: 810,
			Width: 600, Quantity: qty(0), IsOffcut: true}}))
		if err := s.DeleteMaterial(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		if bs, n, _ := s.ListBoards(ctx, BoardQuery{Limit: 20}); n != 0 {
			t.Fatalf("boards of a deleted material: %v", bs)
		}
		// its code is free again
		matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("PB18-W")))
	})
}

// withBoards gives an update an empty board list: every board is to go.
func (in UpdateMaterialInput) withBoards() UpdateMaterialInput {
	in.Boards = []MaterialBoardInput{}
	return in
}

func TestMaterialAndBoardRulesNameEachField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matService(t, d)
		ctx := matCtx(uuid.New())
		cases := []struct {
			name   string
			in     CreateMaterialInput
			member string
			key    string
		}{
			{"no code", CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Name: "n", Thickness: 18}}, "code", "Error:Required"},
			{"no name", CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: "c", Thickness: 18}}, "name", "Error:Required"},
			{"no thickness", CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: "c", Name: "n"}}, "thickness", KeyMaterialsPositive},
			{"too thick", CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: "c", Name: "n", Thickness: 101}}, "thickness", KeyMaterialsMax},
			{"negative allowance", CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: "c", Name: "n", Thickness: 18, EdgeAllowance: -1}}, "edgeAllowance", KeyMaterialsMin},
			{"long code", material(strings.Repeat("c", MaxMaterialCode+1)), "code", "Error:TooLong"},
			{"zero length", material("c", board("b", 0, 100, 1)), "boards[0].length", KeyMaterialsPositive},
			{"too wide", material("c", board("b", 100, 6001, 1)), "boards[0].width", KeyMaterialsMax},
			{"negative cost", material("c", board("b", 100, 100, -1)), "boards[0].cost", KeyMaterialsMin},
			{"negative quantity", material("c", MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Length: 1, Width: 1, Quantity: qty(-1)}}), "boards[0].quantity", KeyMaterialsMin},
			{"board code twice", material("c", board("B", 100, 100, 1), board("b", 200, 100, 1)), "boards[1].code", KeyBoardsBatchDup},
			{"default code twice", material("c", board("", 100, 100, 1), board("100x100", 200, 100, 1)), "boards[1].code", KeyBoardsBatchDup},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.CreateMaterial(ctx, c.in)
				if f := matFields(t, err); f[c.member] != c.key {
					t.Fatalf("%v, want %s on %s", f, c.key, c.member)
				}
			})
		}
		if _, n, _ := s.ListMaterials(ctx, MaterialQuery{}); n != 0 {
			t.Fatalf("refused creates stored %d materials", n)
		}
		// a board on its own: same rules, a code unique in its material, 6000 allowed
		m := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("M1", board("A", 6000, 6000, 0))))
		_, err := s.CreateBoard(ctx, CreateBoardInput{MaterialID: m.ID, BoardFieldsInput: BoardFieldsInput{Code: "a", Length: 10, Width: 10}})
		if f := matFields(t, err); f["code"] != KeyBoardDuplicate {
			t.Fatalf("duplicate board code: %v", f)
		}
		_, err = s.CreateBoard(ctx, CreateBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "x", Length: 10, Width: 10}})
		if f := matFields(t, err); f["materialId"] != "Error:Required" {
			t.Fatalf("no material: %v", f)
		}
		if _, err := s.CreateBoard(ctx, CreateBoardInput{MaterialID: uuid.New(), BoardFieldsInput: BoardFieldsInput{Length: 10, Width: 10}}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("unknown material: %v", err)
		}
		b := matMust[*Board](t)(s.CreateBoard(ctx, CreateBoardInput{MaterialID: m.ID, BoardFieldsInput: BoardFieldsInput{Length: 1220, Width: 610, Cost: 70}}))
		if b.Code != "1220x610" || b.MaterialCode != "M1" {
			t.Fatalf("board %+v", b)
		}
		if _, err := s.UpdateBoard(ctx, b.ID, UpdateBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "A", Length: 1, Width: 1}}); matFields(t, err)["code"] != KeyBoardDuplicate {
			t.Fatalf("renaming onto another board's code: %v", err)
		}
		if err := s.DeleteBoard(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetBoard(ctx, b.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted board = %v", err)
		}
	})
}

func TestBatchUpsertsByCodeAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matService(t, d)
		ctx := matCtx(uuid.New())
		m := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("PB18-W", board("S", 2440, 1220, 138), board("K", 1000, 500, 1))))
		in := []CreateMaterialInput{
			{MaterialFieldsInput: MaterialFieldsInput{Code: "pb18-w", Name: "颗粒板 改", Thickness: 18},
				Boards: []MaterialBoardInput{board("S", 2440, 1220, 140), board("T", 2800, 2070, 198)}},
			material("MDF18", board("", 2440, 1220, 185)),
		}
		res := matMust[*MaterialsSaveResult](t)(s.SaveMaterials(ctx, in))
		if *res != (MaterialsSaveResult{MaterialsCreated: 1, MaterialsUpdated: 1, BoardsCreated: 2, BoardsUpdated: 1}) {
			t.Fatalf("result %+v", res)
		}
		g := matMust[*MaterialWithBoards](t)(s.GetMaterial(ctx, m.ID))
		if g.Code != "pb18-w" || g.Name != "颗粒板 改" || boardCodes(g.Boards) != "K,S,T" || g.Boards[1].Cost != 140 {
			t.Fatalf("upserted %+v %s", g.Material, boardCodes(g.Boards))
		}
		// one bad item: nothing is written
		bad := []CreateMaterialInput{material("NEW1"), material("NEW2", board("x", 7000, 10, 1)), material("new1")}
		_, err := s.SaveMaterials(ctx, bad)
		f := matFields(t, err)
		if f["items[1].boards[0].length"] != KeyMaterialsMax || f["items[2].code"] != KeyMaterialsBatchDup {
			t.Fatalf("bad batch: %v", f)
		}
		if _, n, _ := s.ListMaterials(ctx, MaterialQuery{}); n != 2 {
			t.Fatalf("a refused batch left %d materials", n)
		}
		if _, err := s.SaveMaterials(ctx, nil); matUserKey(t, err) != KeyMaterialsBatchEmpty {
			t.Fatalf("empty batch: %v", err)
		}
	})
}

func TestBoardsQueryAndWhatRunsRead(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matService(t, d)
		ctx := matCtx(uuid.New())
		matWarehouse(t, ctx, d)
		oak := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("PB18-OK", board("FULL", 2440, 1220, 156),
			MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "OFF", Length: 900, Width: 400, Quantity: qty(3), IsOffcut: true, PlanNo: "OP20250301001", BinCode: "B01-1-2"}},
			MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: "GONE", Length: 700, Width: 300, Quantity: qty(0), IsOffcut: true, PlanNo: "OP20250301001", BinCode: "B01-1-3"}})))
		matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("HDF5", board("H", 2440, 1220, 48))))
		f := func(v float64) *float64 { return &v }
		cases := []struct {
			name string
			q    BoardQuery
			want string
		}{
			{"all by code", BoardQuery{Sorting: "code"}, "FULL,GONE,H,OFF"},
			{"material code", BoardQuery{MaterialCode: "ok", Sorting: "code"}, "FULL,GONE,OFF"},
			{"board code", BoardQuery{Code: "of", Sorting: "code"}, "OFF"},
			{"plan", BoardQuery{PlanNo: "0301", Sorting: "binCode desc"}, "GONE,OFF"},
			{"bin", BoardQuery{BinCode: "b01-1-2"}, "OFF"},
			{"length range", BoardQuery{LengthMin: f(700), LengthMax: f(900), Sorting: "length"}, "GONE,OFF"},
			{"width range", BoardQuery{WidthMin: f(1220), Sorting: "cost desc"}, "FULL,H"},
			{"material id", BoardQuery{MaterialID: &oak.ID, Sorting: "width"}, "GONE,OFF,FULL"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				rows, n, err := s.ListBoards(ctx, c.q)
				if err != nil || boardCodes(rows) != c.want || n != len(rows) {
					t.Fatalf("%s (%d) %v, want %s", boardCodes(rows), n, err, c.want)
				}
				for _, b := range rows {
					if b.MaterialCode == "" || b.Thickness != 18 {
						t.Fatalf("board without its material: %+v", b)
					}
				}
			})
		}
		if _, _, err := s.ListBoards(ctx, BoardQuery{Sorting: "materialId"}); err == nil {
			t.Fatal("sorting by a column outside the whitelist")
		}
		// what a run reads: offcuts in stock first, exhausted ones left out, by thickness
		boards, m, err := s.BoardsFor(ctx, "pb18-ok", 18)
		if err != nil || m.ID != oak.ID || boardCodes(boards) != "OFF,FULL" {
			t.Fatalf("BoardsFor = %s %v %v", boardCodes(boards), m, err)
		}
		if boards, m, err := s.BoardsFor(ctx, "PB18-OK", 25); err != nil || m == nil || len(boards) != 0 {
			t.Fatalf("another thickness = %v %v", boards, err)
		}
		if _, _, err := s.BoardsFor(ctx, "NOPE", 18); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("unknown code = %v", err)
		}
		by, err := s.MaterialsByCode(ctx, []string{"hdf5", "PB18-OK", "NOPE"})
		if err != nil || len(by) != 2 || by["hdf5"].Code != "HDF5" || by["PB18-OK"].ID != oak.ID {
			t.Fatalf("MaterialsByCode = %v %v", by, err)
		}
	})
}

// TestMaterialInputTagsStateTheServiceRules keeps the limits /openapi.json states (the inputs'
// tags, which the web reads) equal to the ones the service applies.
func TestMaterialInputTagsStateTheServiceRules(t *testing.T) {
	tag := func(v any, field, key string) string {
		f, ok := reflect.TypeOf(v).FieldByName(field)
		if !ok {
			t.Fatalf("%T has no field %s", v, field)
		}
		return f.Tag.Get(key)
	}
	n := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	cases := []struct {
		v          any
		field, key string
		want       string
	}{
		{MaterialFieldsInput{}, "Code", "maxLength", n(MaxMaterialCode)},
		{MaterialFieldsInput{}, "Name", "maxLength", n(MaxMaterialName)},
		{MaterialFieldsInput{}, "Color", "maxLength", n(MaxMaterialColor)},
		{MaterialFieldsInput{}, "Thickness", "maximum", n(MaxThickness)},
		{MaterialFieldsInput{}, "EdgeAllowance", "maximum", n(MaxEdgeAllowance)},
		{BoardFieldsInput{}, "Code", "maxLength", n(MaxBoardCode)},
		{BoardFieldsInput{}, "Length", "maximum", n(MaxBoardSide)},
		{BoardFieldsInput{}, "Width", "maximum", n(MaxBoardSide)},
		{BoardFieldsInput{}, "Cost", "maximum", n(MaxBoardCost)},
		{BoardFieldsInput{}, "Quantity", "maximum", n(MaxBoardQuantity)},
		{BoardFieldsInput{}, "PlanNo", "maxLength", n(MaxBoardPlanNo)},
		{BoardFieldsInput{}, "BinCode", "maxLength", n(MaxBoardBinCode)},
		{CreateMaterialInput{}, "Boards", "maxItems", n(MaxBoardsPerMaterial)},
		{MaterialBatchInput{}, "Items", "maxItems", n(MaxMaterialsBatch)},
	}
	for _, c := range cases {
		if got := tag(c.v, c.field, c.key); got != c.want {
			t.Errorf("%T.%s %s = %q, the service applies %s", c.v, c.field, c.key, got, c.want)
		}
	}
}
