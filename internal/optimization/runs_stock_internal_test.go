package optimization

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/cutting"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/warehouse"
)

// TestARunTakingMoreThanIsOnHandBooksNothing: boards taken by another run while this one was
// cut refuse its bookings as a whole — no board out, no offcut in, no offcut board made.
func TestARunTakingMoreThanIsOnHandBooksNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := matService(t, d)
		ctx := matCtx(uuid.New())
		matWarehouse(t, ctx, d)
		m := matMust[*MaterialWithBoards](t)(s.CreateMaterial(ctx, material("TST18", MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{
			Code: "BIG", Length: 2800, Width: 2070, Cost: 200, Quantity: qty(1)}})))
		mats, err := s.planMaterials(ctx, []CutPart{{MaterialCode: "TST18", Thickness: 18}})
		if err != nil {
			t.Fatal(err)
		}
		sheet := func(i int) ResultSheet {
			return ResultSheet{Index: i, BoardCode: "BIG", Material: "TST18", Thickness: 18, Length: 2800, Width: 2070,
				Offcuts: []cutting.Offcut{{X: 0, Y: 1000, Length: 2800, Width: 1000, Reusable: true}}}
		}
		res := RunResult{PlanNo: "OP20261124001", Sheets: []ResultSheet{sheet(1), sheet(2)}}
		err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.bookRun(ctx, tx, res.PlanNo, res, mats) })
		var ue *apperr.UserError
		if !errors.As(err, &ue) || ue.Key != warehouse.KeyNotEnough {
			t.Fatalf("booked with 1 on hand for 2 boards: %v", err)
		}
		got := matMust[*MaterialWithBoards](t)(s.GetMaterial(ctx, m.ID))
		if len(got.Boards) != 1 || *got.Boards[0].Quantity != 1 {
			var codes []string
			for _, b := range got.Boards {
				codes = append(codes, b.Code)
			}
			t.Fatalf("after the refusal: boards %s, quantity %d", strings.Join(codes, ","), *got.Boards[0].Quantity)
		}
		// with one board it books: one out, one offcut in, on an offcut shelf
		res.Sheets = res.Sheets[:1]
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.bookRun(ctx, tx, res.PlanNo, res, mats) }); err != nil {
			t.Fatal(err)
		}
		got = matMust[*MaterialWithBoards](t)(s.GetMaterial(ctx, m.ID))
		if len(got.Boards) != 2 || *got.Boards[0].Quantity != 0 || !got.Boards[1].IsOffcut || *got.Boards[1].Quantity != 1 ||
			!strings.HasPrefix(got.Boards[1].BinCode, "B01-") || got.Boards[1].PlanNo != res.PlanNo {
			t.Fatalf("after the run: %+v", got.Boards)
		}
	})
}
