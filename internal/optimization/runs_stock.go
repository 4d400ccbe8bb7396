package optimization

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/warehouse"
)

// bookRun books a finished run's stock in its finishing transaction (decision 0013, "Stock"):
// the counted boards and stock offcuts it cuts go out of the warehouse (from the offcut's bin),
// and its reusable offcuts come in, placed in the bins of offcut shelves with room, each size
// and bin an offcut board of its material (planNo: the run that last put one there) that later
// runs cut first when their parameters say so. Not enough on hand (another run took it
// meanwhile) refuses it all with the warehouse's message.
func (s *Service) bookRun(ctx context.Context, tx bun.Tx, planNo string, res RunResult, mats map[string]PlanMaterial) error {
	type used struct {
		mat   PlanMaterial
		board PlanBoard
		n     int
	}
	var order []string
	taken := map[string]*used{}
	type kept struct {
		mat           PlanMaterial
		length, width float64
	}
	var offcuts []kept
	for _, sh := range res.Sheets {
		mat, ok := mats[strings.ToUpper(sh.Material)]
		if !ok {
			return fmt.Errorf("run %s: board %d: material %s not planned", planNo, sh.Index, sh.Material)
		}
		for _, b := range mat.Boards {
			if b.Code != sh.BoardCode || b.Quantity == nil {
				continue
			}
			key := mat.Code + "\x00" + b.Code
			if taken[key] == nil {
				taken[key] = &used{mat: mat, board: b}
				order = append(order, key)
			}
			taken[key].n++
			break
		}
		for _, o := range sh.Offcuts {
			if o.Reusable {
				offcuts = append(offcuts, kept{mat: mat, length: o.Length, width: o.Width})
			}
		}
	}
	var moves []warehouse.Move
	for _, key := range order {
		u := taken[key]
		kind := warehouse.KindBoard
		if u.board.Offcut {
			kind = warehouse.KindOffcut
		}
		moves = append(moves, warehouse.Move{Kind: kind, MaterialCode: u.mat.Code, Thickness: u.mat.Thickness,
			Length: u.board.Length, Width: u.board.Width, BinCode: u.board.BinCode, Quantity: u.n,
			Direction: warehouse.DirectionOut, Reason: runReason})
	}
	// The tenant's stock lock to the end of tx: bins are chosen and offcut boards written by
	// one finishing run at a time (the next sees the first's offcuts in its bins and boards).
	if err := s.stock.LockStock(ctx, tx); err != nil {
		return err
	}
	bins, err := s.stock.PlaceOffcuts(ctx, tx, len(offcuts))
	if err != nil {
		return err
	}
	type place struct {
		material      uuid.UUID
		length, width float64
		bin           string
	}
	var places []place
	count := map[place]int{}
	matOf := map[uuid.UUID]PlanMaterial{}
	for i, o := range offcuts {
		p := place{material: o.mat.ID, length: warehouseSize(o.length), width: warehouseSize(o.width), bin: bins[i]}
		matOf[o.mat.ID] = o.mat
		if count[p] == 0 {
			places = append(places, p)
		}
		count[p]++
	}
	for _, p := range places {
		mat := matOf[p.material]
		moves = append(moves, warehouse.Move{Kind: warehouse.KindOffcut, MaterialCode: mat.Code, Thickness: mat.Thickness,
			Length: p.length, Width: p.width, BinCode: p.bin, Quantity: count[p], Direction: warehouse.DirectionIn, Reason: runReason})
	}
	if len(moves) == 0 {
		return nil
	}
	if err := s.stock.Book(ctx, tx, planNo, moves); err != nil {
		return err
	}
	for _, p := range places {
		if err := s.offcutBoard(ctx, tx, planNo, matOf[p.material], p.length, p.width, p.bin); err != nil {
			return err
		}
	}
	return nil
}

// runReason is the stock log's reason of a run's bookings.
const runReason = "优化方案 / optimisation run"

// warehouseSize is a size as the warehouse keeps it (a tenth of a millimetre).
func warehouseSize(v float64) float64 {
	return warehouse.StockKey{Length: v}.Normal().Length
}

// offcutBoard makes sure the material has the offcut board of that size and bin (code
// OC-{length}x{width}-{bin}), counted, naming planNo as the run that last put one there.
func (s *Service) offcutBoard(ctx context.Context, tx bun.Tx, planNo string, mat PlanMaterial, length, width float64, bin string) error {
	size := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	code := "OC-" + size(length) + "x" + size(width)
	if bin != "" {
		code += "-" + bin
	}
	var have []Board
	if err := db.Select(ctx, tx, &have).Where("?TableAlias.material_id = ?", mat.ID).
		Where("lower(?TableAlias.code) = ?", strings.ToLower(code)).Limit(1).Scan(ctx); err != nil {
		return fmt.Errorf("offcut board %s: %w", code, err)
	}
	if len(have) == 1 {
		b := &have[0]
		if b.PlanNo == planNo && b.Quantity != nil {
			return nil
		}
		zero := 0
		b.PlanNo, b.Quantity, b.IsOffcut, b.BinCode = planNo, &zero, true, bin
		return db.UpdateStamped(ctx, tx, b, "", "plan_no", "quantity", "is_offcut", "bin_code")
	}
	zero := 0
	b := &Board{MaterialID: mat.ID, Code: code, Length: length, Width: width, Quantity: &zero, IsOffcut: true,
		PlanNo: planNo, BinCode: bin}
	return db.Insert(ctx, tx, b)
}
