package warehouse

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// StockKey names a kind of sheet in stock: the warehouse's items of that kind, material code
// (as written), thickness and size; with a bin code only the items in that bin (without
// regard to case), without one the items in every bin and unassigned.
type StockKey struct {
	Kind          int
	MaterialCode  string
	Thickness     float64
	Length, Width float64
	BinCode       string
}

// Normal is the key as the warehouse compares it: the code and bin trimmed, the bin lower
// case, the sizes to a tenth of a millimetre.
func (k StockKey) Normal() StockKey {
	return StockKey{Kind: k.Kind, MaterialCode: strings.TrimSpace(k.MaterialCode), Thickness: round(k.Thickness),
		Length: round(k.Length), Width: round(k.Width), BinCode: strings.ToLower(strings.TrimSpace(k.BinCode))}
}

// LockStock makes the transactions booking the current tenant's stock wait for each other
// until tx ends (Book takes it; a caller that chooses bins before booking takes it first).
func (s *Service) LockStock(ctx context.Context, tx bun.IDB) error { return lockStock(ctx, tx) }

// OnHand answers the pieces on hand of each key (normalised: look the answer up with
// key.Normal()), read through idb so that a transaction sees its own bookings.
func (s *Service) OnHand(ctx context.Context, idb bun.IDB, keys []StockKey) (map[StockKey]int, error) {
	out := make(map[StockKey]int, len(keys))
	codes := map[string]bool{}
	var list []string
	for _, k := range keys {
		k = k.Normal()
		out[k] = 0
		if !codes[k.MaterialCode] {
			codes[k.MaterialCode] = true
			list = append(list, k.MaterialCode)
		}
	}
	if len(list) == 0 {
		return out, nil
	}
	var items []StockItem
	if err := db.Select(ctx, idb, &items).Where("?TableAlias.material_code IN (?)", bun.In(list)).
		Where("?TableAlias.on_hand > 0").Scan(ctx); err != nil {
		return nil, fmt.Errorf("stock on hand: %w", err)
	}
	for _, it := range items {
		k := StockKey{Kind: it.Kind, MaterialCode: it.MaterialCode, Thickness: it.Thickness, Length: it.Length, Width: it.Width}.Normal()
		if _, ok := out[k]; ok {
			out[k] += it.OnHand
		}
		k.BinCode = strings.ToLower(it.BinCode)
		if _, ok := out[k]; ok && k.BinCode != "" {
			out[k] += it.OnHand
		}
	}
	return out, nil
}

// PlaceOffcuts chooses bins for n offcut pieces about to be received, in the order Book
// fills them (the bins of offcut shelves by shelf code, level and position, BinCapacity
// pieces a bin); "" for the pieces there is no room for (they stay unassigned). The caller
// holds LockStock and books the pieces with these bins in the same transaction.
func (s *Service) PlaceOffcuts(ctx context.Context, idb bun.IDB, n int) ([]string, error) {
	rooms, err := s.offcutRoom(ctx, idb)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, n)
	for _, r := range rooms {
		for q := 0; q < r.room && len(out) < n; q++ {
			out = append(out, r.bin.Code)
		}
	}
	for len(out) < n {
		out = append(out, "")
	}
	return out, nil
}
