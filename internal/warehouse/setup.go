package warehouse

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// ShelfSpec is a shelf to set up: its bins are made from Levels × BinsPerLevel.
type ShelfSpec struct {
	Code, Name           string
	StorageType          int
	Levels, BinsPerLevel int
}

// BinCode is the one way a bin is named: "{shelf}-{level}-{position}" (A01-2-3). The demo
// seed, a new shelf and a resized or renamed shelf all name their bins with it.
func BinCode(shelf string, level, position int) string {
	return fmt.Sprintf("%s-%d-%d", shelf, level, position)
}

// insertFactory adds a factory in tx, unchecked (the seed and CreateFactory).
func insertFactory(ctx context.Context, tx bun.IDB, f *Factory) error {
	if err := db.Insert(ctx, tx, f); err != nil {
		return fmt.Errorf("create factory %s: %w", f.Code, err)
	}
	return nil
}

// insertRow adds a storehouse row of factory in tx, unchecked.
func insertRow(ctx context.Context, tx bun.IDB, factory uuid.UUID, code, name string, sort int) (*Row, error) {
	r := &Row{FactoryID: factory, Code: code, Name: name, Sort: sort}
	if err := db.Insert(ctx, tx, r); err != nil {
		return nil, fmt.Errorf("create row %s: %w", code, err)
	}
	return r, nil
}

// insertShelf adds a shelf of row and its bins (named by BinCode) in tx, unchecked.
func insertShelf(ctx context.Context, tx bun.IDB, row uuid.UUID, spec ShelfSpec) (*Shelf, error) {
	sh := &Shelf{RowID: row, Code: spec.Code, Name: spec.Name, StorageType: spec.StorageType, Levels: spec.Levels, BinsPerLevel: spec.BinsPerLevel}
	if err := db.Insert(ctx, tx, sh); err != nil {
		return nil, fmt.Errorf("create shelf %s: %w", spec.Code, err)
	}
	var places [][2]int
	for l := 1; l <= spec.Levels; l++ {
		for p := 1; p <= spec.BinsPerLevel; p++ {
			places = append(places, [2]int{l, p})
		}
	}
	if err := insertBins(ctx, tx, sh, places); err != nil {
		return nil, err
	}
	return sh, nil
}

// insertBins adds the bins of shelf at places (level, position), named by BinCode.
func insertBins(ctx context.Context, tx bun.IDB, sh *Shelf, places [][2]int) error {
	if len(places) == 0 {
		return nil
	}
	bins := make([]Bin, 0, len(places))
	for _, p := range places {
		bins = append(bins, Bin{ShelfID: sh.ID, Code: BinCode(sh.Code, p[0], p[1]), Level: p[0], Position: p[1]})
	}
	if err := db.Insert(ctx, tx, &bins); err != nil {
		return fmt.Errorf("create bins of %s: %w", sh.Code, err)
	}
	return nil
}
