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

// CreateFactory adds a factory in tx.
func (s *Service) CreateFactory(ctx context.Context, tx bun.IDB, f *Factory) error {
	if err := db.Insert(ctx, tx, f); err != nil {
		return fmt.Errorf("create factory %s: %w", f.Code, err)
	}
	return nil
}

// CreateRow adds a storehouse row of factory in tx.
func (s *Service) CreateRow(ctx context.Context, tx bun.IDB, factory uuid.UUID, code, name string, sort int) (*Row, error) {
	r := &Row{FactoryID: factory, Code: code, Name: name, Sort: sort}
	if err := db.Insert(ctx, tx, r); err != nil {
		return nil, fmt.Errorf("create row %s: %w", code, err)
	}
	return r, nil
}

// CreateShelf adds a shelf of row and its bins ("{shelf}-{level}-{position}") in tx.
func (s *Service) CreateShelf(ctx context.Context, tx bun.IDB, row uuid.UUID, spec ShelfSpec) (*Shelf, error) {
	sh := &Shelf{RowID: row, Code: spec.Code, Name: spec.Name, StorageType: spec.StorageType, Levels: spec.Levels, BinsPerLevel: spec.BinsPerLevel}
	if err := db.Insert(ctx, tx, sh); err != nil {
		return nil, fmt.Errorf("create shelf %s: %w", spec.Code, err)
	}
	bins := make([]Bin, 0, spec.Levels*spec.BinsPerLevel)
	for l := 1; l <= spec.Levels; l++ {
		for p := 1; p <= spec.BinsPerLevel; p++ {
			bins = append(bins, Bin{ShelfID: sh.ID, Code: fmt.Sprintf("%s-%d-%d", spec.Code, l, p), Level: l, Position: p})
		}
	}
	if len(bins) > 0 {
		if err := db.Insert(ctx, tx, &bins); err != nil {
			return nil, fmt.Errorf("create bins of %s: %w", spec.Code, err)
		}
	}
	return sh, nil
}
