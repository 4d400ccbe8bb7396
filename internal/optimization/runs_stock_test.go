package optimization_test

import (
	"context"
	"net/http"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
	"kerf/internal/warehouse"
)

type stockPage struct {
	Items      []warehouse.StockItem
	TotalCount int
}

// onHand sums the warehouse's pieces of a material by kind.
func onHand(t *testing.T, e *apptest.Env, token, material string) (boards, offcuts int, items []warehouse.StockItem) {
	t.Helper()
	var page stockPage
	e.Get(t, "/api/app/board-in-out-bound-logs/get-stock-data?materialCode="+material+"&maxResultCount=1000", token).JSON(t, &page)
	for _, it := range page.Items {
		if it.MaterialCode != material {
			continue
		}
		items = append(items, it)
		if it.Kind == warehouse.KindOffcut {
			offcuts += it.OnHand
		} else {
			boards += it.OnHand
		}
	}
	return boards, offcuts, items
}

// TestARunBooksItsBoardsOutAndItsOffcutsIn: a counted board's quantity is the warehouse's
// on-hand (written through the materials, booked as a receipt); a finished run books the
// boards it cut out and its reusable offcuts in, onto offcut shelves, as offcut boards of its
// plan; the next run of the material cuts a stocked offcut first; in − out = on hand.
func TestARunBooksItsBoardsOutAndItsOffcutsIn(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		setting := defaultSetting(t, e, admin)
		five := 5
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/materials", Token: admin, JSON: map[string]any{
			"code": "TST18", "name": "测试板18", "thickness": 18, "edgeAllowance": 0,
			"boards": []map[string]any{{"code": "TST18-2800", "length": 2800, "width": 2070, "cost": 200, "quantity": five}}}})
		if res.Status != 200 {
			t.Fatalf("material: %d %s", res.Status, res.Body)
		}
		if b, o, _ := onHand(t, e, admin, "TST18"); b != 5 || o != 0 {
			t.Fatalf("after the material: %d boards, %d offcuts on hand", b, o)
		}
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		run := func(rows [][]any) optimization.RunResult {
			t.Helper()
			var f optimization.ImportFile
			upload(t, e, admin, setting, "stock.xlsx", cutListXLSX(t, rows)).JSON(t, &f)
			var r optimization.Run
			res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/optimization", Token: admin,
				JSON: map[string]any{"importFileIds": []string{f.ID.String()}}, Header: http.Header{"Accept-Language": {"en"}}})
			if res.Status != 200 {
				t.Fatalf("start: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &r)
			if last := waitRun(t, e, admin, r.ID.String()); last[len(last)-1].Status != optimization.RunFinished {
				t.Fatalf("run ended %+v", last[len(last)-1])
			}
			var out optimization.RunResult
			e.Get(t, "/api/optimization/import-files/download/"+r.ID.String()+"/json", admin).JSON(t, &out)
			return out
		}
		// Sides of 2000 × 600: three a board, leaving a reusable strip.
		first := run([][]any{{"SO9", "衣柜", "侧板", "P1", "TST18", 18, 2000, 600, 6, 0, 0, 0, 0, 0, ""}})
		kept := 0
		for _, sh := range first.Sheets {
			for _, o := range sh.Offcuts {
				if o.Reusable {
					kept++
				}
			}
		}
		if first.Figures.Boards != 2 || kept == 0 {
			t.Fatalf("first run: %d boards, %d offcuts kept", first.Figures.Boards, kept)
		}
		b, o, items := onHand(t, e, admin, "TST18")
		if b != 3 || o != kept {
			t.Fatalf("after the first run: %d boards (want 3), %d offcuts (want %d): %+v", b, o, kept, items)
		}
		for _, it := range items {
			if it.Kind == warehouse.KindOffcut && (it.BinCode == "" || it.PlanNo != first.PlanNo) {
				t.Fatalf("offcut not shelved from its run: %+v", it)
			}
		}
		// the materials answer the warehouse's figures, and the plan's offcuts are boards
		var boards struct {
			Items []optimization.Board
		}
		e.Get(t, "/api/optimization/boards?boardsMaterialCode=TST18&maxResultCount=100", admin).JSON(t, &boards)
		offcutBoards := 0
		for _, bd := range boards.Items {
			switch {
			case bd.Code == "TST18-2800" && (bd.Quantity == nil || *bd.Quantity != 3):
				t.Fatalf("board quantity %+v", bd)
			case bd.IsOffcut:
				if bd.PlanNo != first.PlanNo || bd.BinCode == "" || bd.Quantity == nil {
					t.Fatalf("offcut board %+v", bd)
				}
				offcutBoards += *bd.Quantity
			}
		}
		if offcutBoards != kept {
			t.Fatalf("offcut boards hold %d, kept %d", offcutBoards, kept)
		}
		// A small part fits an offcut: the next run cuts it from stock, not from a board.
		second := run([][]any{{"SO10", "抽屉", "底板", "P2", "TST18", 18, 250, 150, 1, 0, 0, 0, 0, 0, ""}})
		if len(second.Sheets) != 1 || second.Sheets[0].BoardCode == "TST18-2800" {
			t.Fatalf("second run cut %+v", second.Sheets)
		}
		b2, o2, _ := onHand(t, e, admin, "TST18")
		kept2 := 0
		for _, off := range second.Sheets[0].Offcuts {
			if off.Reusable {
				kept2++
			}
		}
		if b2 != 3 || o2 != kept-1+kept2 {
			t.Fatalf("after the second run: %d boards, %d offcuts (want %d)", b2, o2, kept-1+kept2)
		}
		var st warehouse.Statistics
		e.Get(t, "/api/app/board-in-out-bound-logs/statistics?materialCode=TST18", admin).JSON(t, &st)
		if len(st.Items) != 2 {
			t.Fatalf("statistics %+v", st.Items)
		}
		for _, row := range st.Items {
			if row.InQuantity-row.OutQuantity != row.OnHand {
				t.Fatalf("unbalanced %+v", row)
			}
		}
	})
}
