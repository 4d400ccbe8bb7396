package optimization

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/warehouse"
)

// The warehouse is the one record of what is on hand (decision 0013, "Stock"). A board row is
// a kind of sheet a run may take — its size, cost, and for an offcut its bin and run — and
// counted when its quantity is not null: the quantity answered is then the warehouse's
// on-hand of that material, thickness and size (of the board's bin, when it names one), and a
// quantity written is booked into the warehouse as the difference, in the same transaction.

// adjustReason is the stock log's reason of a quantity written on a board.
const adjustReason = "材料维护 / materials"

// stockKey is the warehouse's key of a board of material m.
func stockKey(m *Material, b *Board) warehouse.StockKey {
	kind := warehouse.KindBoard
	if b.IsOffcut {
		kind = warehouse.KindOffcut
	}
	return warehouse.StockKey{Kind: kind, MaterialCode: m.Code, Thickness: m.Thickness, Length: b.Length, Width: b.Width,
		BinCode: b.BinCode}
}

// materialsOf reads the materials of rows by id.
func (s materialsStore) materialsOf(ctx context.Context, rows []Board) (map[uuid.UUID]*Material, error) {
	seen := map[uuid.UUID]bool{}
	var ids []uuid.UUID
	for _, b := range rows {
		if b.Quantity != nil && !seen[b.MaterialID] {
			seen[b.MaterialID] = true
			ids = append(ids, b.MaterialID)
		}
	}
	out := map[uuid.UUID]*Material{}
	if len(ids) == 0 {
		return out, nil
	}
	var mats []Material
	if err := db.Select(ctx, s.idb, &mats).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("boards' materials: %w", err)
	}
	for i := range mats {
		out[mats[i].ID] = &mats[i]
	}
	return out, nil
}

// onHand answers the materials of rows' counted boards and the warehouse's on-hand of each.
func (s materialsStore) onHand(ctx context.Context, rows []Board) (map[uuid.UUID]*Material, map[warehouse.StockKey]int, error) {
	mats, err := s.materialsOf(ctx, rows)
	if err != nil || len(mats) == 0 {
		return mats, nil, err
	}
	var keys []warehouse.StockKey
	for _, b := range rows {
		if m := mats[b.MaterialID]; m != nil && b.Quantity != nil {
			keys = append(keys, stockKey(m, &b))
		}
	}
	have, err := s.stock.OnHand(ctx, s.idb, keys)
	return mats, have, err
}

// withStock sets the quantity of every counted board of rows to the warehouse's on-hand.
func (s materialsStore) withStock(ctx context.Context, rows []Board) error {
	mats, have, err := s.onHand(ctx, rows)
	if err != nil {
		return err
	}
	for i := range rows {
		if m := mats[rows[i].MaterialID]; m != nil && rows[i].Quantity != nil {
			q := have[stockKey(m, &rows[i]).Normal()]
			rows[i].Quantity = &q
		}
	}
	return nil
}

// settleStock books into the warehouse what makes the on-hand of each counted board of rows
// its quantity (in the store's transaction).
func (s materialsStore) settleStock(ctx context.Context, rows []Board) error {
	mats, have, err := s.onHand(ctx, rows)
	if err != nil {
		return err
	}
	var moves []warehouse.Move
	for _, b := range rows {
		m := mats[b.MaterialID]
		if m == nil || b.Quantity == nil {
			continue
		}
		k := stockKey(m, &b)
		diff := *b.Quantity - have[k.Normal()]
		if diff == 0 {
			continue
		}
		have[k.Normal()] = *b.Quantity // two rows of one key settle once
		mv := warehouse.Move{Kind: k.Kind, MaterialCode: k.MaterialCode, Thickness: k.Thickness, Length: k.Length,
			Width: k.Width, BinCode: k.BinCode, Quantity: diff, Direction: warehouse.DirectionIn, Reason: adjustReason}
		if diff < 0 {
			mv.Quantity, mv.Direction = -diff, warehouse.DirectionOut
		}
		moves = append(moves, mv)
	}
	if len(moves) == 0 {
		return nil
	}
	return s.stock.Book(ctx, s.idb, "", moves)
}
