package warehouse

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// newService migrates d and answers a service with a tenant's context holding the demo
// warehouse (factory, rows A and B, shelves A01, B01, B02 and the three board receipts).
func newService(t *testing.T, d *db.DB) (*Service, context.Context) {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	s := NewService(d)
	ctx := userCtx(newTenant())
	if err := SeedDemo(ctx, d, s); err != nil {
		t.Fatal(err)
	}
	return s, ctx
}

func newTenant() *uuid.UUID { id := uuid.New(); return &id }

// userCtx is a request of a new user "tester" of tenant.
func userCtx(tenant *uuid.UUID) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: tenant, UserName: "tester"})
}

func book(ctx context.Context, s *Service, planNo string, moves ...Move) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.Book(ctx, tx, planNo, moves) })
}

func items(t *testing.T, ctx context.Context, s *Service) []StockItem {
	t.Helper()
	var out []StockItem
	if err := db.Select(ctx, s.db, &out).OrderExpr("?TableAlias.material_code, ?TableAlias.bin_code").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	return out
}

func logs(t *testing.T, ctx context.Context, s *Service) []StockLog {
	t.Helper()
	var out []StockLog
	if err := db.Select(ctx, s.db, &out).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	return out
}

// balanced checks in − out = on hand for every item, and answers the pieces on hand.
func balanced(t *testing.T, ctx context.Context, s *Service) int {
	t.Helper()
	net := map[uuid.UUID]int{}
	for _, l := range logs(t, ctx, s) {
		if l.Direction == DirectionIn {
			net[l.ItemID] += l.Quantity
		} else {
			net[l.ItemID] -= l.Quantity
		}
	}
	total := 0
	for _, it := range items(t, ctx, s) {
		if it.OnHand < 0 || net[it.ID] != it.OnHand {
			t.Errorf("item %s %s %s: on hand %d, in − out %d", it.MaterialCode, fmtSize(it.Length), it.BinCode, it.OnHand, net[it.ID])
		}
		total += it.OnHand
	}
	return total
}

func userKey(err error) string {
	var ue *apperr.UserError
	var ve *apperr.ValidationError
	switch {
	case errors.As(err, &ue):
		return ue.Key
	case errors.As(err, &ve) && len(ve.Fields) > 0:
		return ve.Fields[0].Key
	}
	return ""
}

func board(material string, l, w float64, q, dir int, bin string) Move {
	return Move{Kind: KindBoard, MaterialCode: material, Thickness: 18, Length: l, Width: w, Quantity: q, Direction: dir, BinCode: bin}
}

func offcut(material string, l, w float64, q, dir int, bin string) Move {
	m := board(material, l, w, q, dir, bin)
	m.Kind = KindOffcut
	return m
}

func TestTheDemoIsReceivedThroughBook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		if err := SeedDemo(ctx, d, s); err != nil { // a second run adds nothing
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, it := range items(t, ctx, s) {
			got[fmt.Sprintf("%s %s×%s %s", it.MaterialCode, fmtSize(it.Length), fmtSize(it.Width), it.BinCode)] = it.OnHand
		}
		want := map[string]int{"PB18-WW 2800×2070 A01-1-1": 40, "PB18-OK 2440×1220 A01-1-2": 25, "HDF5-W 2440×1220 A01-2-1": 60}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("demo stock %v, want %v", got, want)
		}
		if n := len(logs(t, ctx, s)); n != 3 {
			t.Fatalf("demo logs: %d", n)
		}
		rows, err := s.RowList(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || rows[0].Code != "A" || len(rows[0].Shelves) != 1 || len(rows[1].Shelves) != 2 {
			t.Fatalf("rows %+v", rows)
		}
		a01 := rows[0].Shelves[0]
		if a01.Bins != 20 || a01.UsedBins != 3 || a01.OnHand != 125 || rows[1].Shelves[0].Bins != 30 {
			t.Fatalf("A01 fill %+v", a01)
		}
	})
}

func TestInMinusOutEqualsOnHandAfterARandomSeriesOfMoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		r := rand.New(rand.NewPCG(14, 2))
		materials := []string{"PB18-WW", "PB18-OK", "MDF18-G"}
		sizes := [][2]float64{{2440, 1220}, {800, 600}, {1200, 400.5}}
		bins := []string{"", "A01-1-1", "A01-3-4"}
		offcutBins := []string{"", "B01-1-1", "B02-5-6"}
		refused := 0
		before := balanced(t, ctx, s)
		sum := before
		for range 150 {
			kind := r.IntN(2)
			sz := sizes[r.IntN(len(sizes))]
			bin := bins[r.IntN(len(bins))]
			if kind == KindOffcut {
				bin = offcutBins[r.IntN(len(offcutBins))]
			}
			m := Move{Kind: kind, MaterialCode: materials[r.IntN(len(materials))], Thickness: 18, Length: sz[0], Width: sz[1],
				Quantity: 1 + r.IntN(30), Direction: r.IntN(2), BinCode: bin}
			err := book(ctx, s, "OP20250101001", m)
			switch {
			case err == nil && m.Direction == DirectionIn:
				sum += m.Quantity
			case err == nil:
				sum -= m.Quantity
			case userKey(err) == KeyNotEnough:
				refused++
			default:
				t.Fatalf("move %+v: %v", m, err)
			}
		}
		if got := balanced(t, ctx, s); got != sum {
			t.Fatalf("on hand %d, want %d", got, sum)
		}
		if refused == 0 || sum == before {
			t.Fatalf("the series should both refuse and move stock (refused %d)", refused)
		}
		t.Logf("%d pieces on hand, %d outs refused", sum, refused)
	})
}

func TestAnOutLargerThanStockChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		beforeItems, beforeLogs := items(t, ctx, s), len(logs(t, ctx, s))
		// The first move would succeed alone; the second asks more than is on hand.
		err := book(ctx, s, "", board("PB18-WW", 2800, 2070, 5, DirectionOut, ""), board("PB18-OK", 2440, 1220, 26, DirectionOut, ""))
		var ue *apperr.UserError
		if !errors.As(err, &ue) || ue.Key != KeyNotEnough || fmt.Sprint(ue.Args) != "[PB18-OK 2440 1220 18 26 25]" {
			t.Fatalf("over-issue: %v", err)
		}
		if fmt.Sprint(items(t, ctx, s)) != fmt.Sprint(beforeItems) || len(logs(t, ctx, s)) != beforeLogs {
			t.Fatal("a refused booking changed the stock")
		}
		// Out of a named bin takes only from it.
		err = book(ctx, s, "", board("PB18-WW", 2800, 2070, 1, DirectionOut, "A01-1-2"))
		if userKey(err) != KeyNotEnough {
			t.Fatalf("out of the wrong bin: %v", err)
		}
		if _, err := s.BookManual(ctx, board("PB18-OK", 2440, 1220, 25, DirectionOut, "a01-1-2")); err != nil {
			t.Fatal(err)
		}
		if n := balanced(t, ctx, s); n != 100 {
			t.Fatalf("on hand %d", n)
		}
	})
}

func TestBadMovesAreRefusedWithTheirFields(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		for _, c := range []struct {
			name string
			m    Move
			key  string
		}{
			{"kind", Move{Kind: 2, MaterialCode: "X", Thickness: 18, Length: 1, Width: 1, Quantity: 1}, KeyKind},
			{"direction", Move{MaterialCode: "X", Thickness: 18, Length: 1, Width: 1, Quantity: 1, Direction: 3}, KeyDirection},
			{"material", Move{MaterialCode: " ", Thickness: 18, Length: 1, Width: 1, Quantity: 1}, KeyMaterial},
			{"thickness", Move{MaterialCode: "X", Length: 1, Width: 1, Quantity: 1}, KeyPositive},
			{"quantity", Move{MaterialCode: "X", Thickness: 18, Length: 1, Width: 1}, KeyQuantity},
			{"unknown bin", Move{MaterialCode: "X", Thickness: 18, Length: 1, Width: 1, Quantity: 1, BinCode: "Z9-1-1"}, KeyBinNotFound},
			{"board on an offcut shelf", Move{MaterialCode: "X", Thickness: 18, Length: 1, Width: 1, Quantity: 1, BinCode: "B01-1-1"}, KeyBinWrongShelf},
			{"offcut on a board shelf", Move{Kind: KindOffcut, MaterialCode: "X", Thickness: 18, Length: 1, Width: 1, Quantity: 1, BinCode: "A01-1-1"}, KeyBinWrongShelf},
		} {
			if _, err := s.BookManual(ctx, c.m); userKey(err) != c.key {
				t.Errorf("%s: %v, want %s", c.name, err, c.key)
			}
		}
		if _, err := s.book(ctx, s.db, "", nil); userKey(err) != KeyNoMoves {
			t.Errorf("no moves: %v", err)
		}
		if n := len(logs(t, ctx, s)); n != 3 {
			t.Fatalf("refused moves wrote logs: %d", n)
		}
	})
}

func TestOffcutsWithoutABinFillOffcutBinsThenStayUnassigned(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		if err := book(ctx, s, "OP20250101001", offcut("PB18-WW", 800, 600, 45, DirectionIn, "")); err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, it := range items(t, ctx, s) {
			if it.Kind == KindOffcut {
				got[it.BinCode] = it.OnHand
				if it.PlanNo != "OP20250101001" || it.FactoryID == nil {
					t.Errorf("offcut item %+v", it)
				}
			}
		}
		if fmt.Sprint(got) != "map[B01-1-1:20 B01-1-2:20 B01-1-3:5]" {
			t.Fatalf("placed %v", got)
		}
		// The same offcut again tops up B01-1-3 first (same item), then the next bins.
		if err := book(ctx, s, "OP20250101002", offcut("PB18-WW", 800, 600, 17, DirectionIn, "")); err != nil {
			t.Fatal(err)
		}
		off, err := s.Offcuts(ctx, "PB18-WW", 18)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, it := range off {
			total += it.OnHand
		}
		if total != 62 || len(off) != 4 || off[2].BinCode != "B01-1-3" || off[2].OnHand != 20 || off[3].OnHand != 2 {
			t.Fatalf("offcuts %+v", off)
		}
		// Without offcut shelves, offcuts stay unassigned.
		other := userCtx(newTenant())
		if err := book(other, s, "", offcut("PB18-WW", 800, 600, 3, DirectionIn, "")); err != nil {
			t.Fatal(err)
		}
		if it := items(t, other, s); len(it) != 1 || it[0].BinCode != "" || it[0].BinID != nil || it[0].OnHand != 3 {
			t.Fatalf("unassigned %+v", it)
		}
		balanced(t, ctx, s)
	})
}

func TestTwoOutsOfTheLastPieceNeverBothSucceed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		if err := book(ctx, s, "", board("LAST", 1000, 500, 1, DirectionIn, "A01-4-5")); err != nil {
			t.Fatal(err)
		}
		const n = 6
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { errs[i] = book(ctx, s, "", board("LAST", 1000, 500, 1, DirectionOut, "")) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case userKey(err) != KeyNotEnough:
				t.Errorf("refused with %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d outs of the last piece succeeded: %v", ok, errs)
		}
		balanced(t, ctx, s)
	})
}

func TestTenantsSeeOnlyTheirStock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		other := userCtx(newTenant())
		if err := book(other, s, "", board("PB18-WW", 2800, 2070, 1, DirectionOut, "")); userKey(err) != KeyNotEnough {
			t.Fatalf("another tenant took stock: %v", err)
		}
		if _, err := s.BookManual(other, board("PB18-WW", 2800, 2070, 1, DirectionIn, "A01-1-1")); userKey(err) != KeyBinNotFound {
			t.Fatalf("another tenant's bin: %v", err)
		}
		rows, _ := s.RowList(other, nil)
		stock, total, _ := s.StockData(other, StockQuery{Limit: 20})
		st, _ := s.Statistics(other, StatQuery{})
		info, err := s.ShelvesInfo(other, "A01", nil)
		if len(rows) != 0 || len(stock) != 0 || total != 0 || len(st.Items) != 0 || !errors.Is(err, apperr.ErrNotFound) || info != nil {
			t.Fatalf("another tenant sees rows %d, stock %d, statistics %d, shelf %v", len(rows), len(stock), len(st.Items), err)
		}
		if stock, total, _ := s.StockData(ctx, StockQuery{Limit: 20}); len(stock) != 3 || total != 3 {
			t.Fatalf("own stock %d %d", len(stock), total)
		}
	})
}

func TestStatisticsSumKnownMoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		for _, m := range []Move{
			board("PB18-WW", 2800, 2070, 10, DirectionOut, ""),
			board("PB18-WW", 2800, 2070, 3, DirectionIn, "A01-1-3"),
			offcut("PB18-WW", 1000, 500, 4, DirectionIn, ""),
			offcut("PB18-WW", 1000, 500, 1, DirectionOut, ""),
		} {
			if err := book(ctx, s, "OP1", m); err != nil {
				t.Fatal(err)
			}
		}
		st, err := s.Statistics(ctx, StatQuery{MaterialCode: "pb18-ww"})
		if err != nil {
			t.Fatal(err)
		}
		want := []StatRow{
			{MaterialCode: "PB18-WW", Thickness: 18, Kind: KindBoard, InQuantity: 43, InArea: 249.228, OutQuantity: 10, OutArea: 57.96, OnHand: 33, OnHandArea: 191.268},
			{MaterialCode: "PB18-WW", Thickness: 18, Kind: KindOffcut, InQuantity: 4, InArea: 2, OutQuantity: 1, OutArea: 0.5, OnHand: 3, OnHandArea: 1.5},
		}
		if fmt.Sprint(st.Items) != fmt.Sprint(want) {
			t.Fatalf("statistics\n%+v\nwant\n%+v", st.Items, want)
		}
		if st.Totals.InQuantity != 47 || st.Totals.OutQuantity != 11 || st.Totals.OnHand != 36 || st.Totals.OnHandArea != 192.768 {
			t.Fatalf("totals %+v", st.Totals)
		}
		// A range before the moves has no moves, and still what is on hand now.
		st, err = s.Statistics(ctx, StatQuery{From: "2020-01-01", To: "2020-01-31", Kind: new(int)})
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Items) != 3 || st.Totals.InQuantity != 0 || st.Totals.OnHand != 33+25+60 {
			t.Fatalf("old range %+v", st)
		}
		if _, err := s.Statistics(ctx, StatQuery{From: "yesterday"}); userKey(err) != KeyBadDate {
			t.Fatalf("bad date: %v", err)
		}
		page, total, err := s.Logs(ctx, LogQuery{PlanNo: "OP1", Direction: new(int), Limit: 10})
		if err != nil || total != 2 || len(page) != 2 {
			t.Fatalf("log %d %v", total, err)
		}
	})
}
