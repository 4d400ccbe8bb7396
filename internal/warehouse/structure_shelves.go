package warehouse

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

func shelfCodeTaken(ctx context.Context, tx bun.IDB, code string, self uuid.UUID) error {
	t, err := taken(ctx, tx, (*Shelf)(nil), code, self, nil)
	return cmpErr(err, t, apperr.Invalid("code", KeyShelfDuplicate, code))
}

// CreateShelf adds a shelf to a row of the tenant with its Levels × BinsPerLevel bins, named
// by BinCode; its code is unique in the tenant (get-shelvesinfo finds a shelf by it).
func (s *Service) CreateShelf(ctx context.Context, in ShelfInput) (*Shelf, error) {
	sh, err := checkShelf(in)
	if err != nil {
		return nil, err
	}
	var out *Shelf
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if _, err := getRow(ctx, tx, sh.RowID); err != nil {
			return asInvalid(err, "rowId", KeyRowNotFound)
		}
		if err := shelfCodeTaken(ctx, tx, sh.Code, uuid.Nil); err != nil {
			return err
		}
		out, err = insertShelf(ctx, tx, sh.RowID, ShelfSpec{Code: sh.Code, Name: sh.Name, StorageType: sh.StorageType,
			Levels: sh.Levels, BinsPerLevel: sh.BinsPerLevel})
		return duplicate(err, KeyShelfDuplicate, sh.Code)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateShelf changes a shelf in one transaction: its row (the stock in it follows the row's
// factory), code (every bin is renamed, and the stock rows with it), name, storage type
// (refused while it holds stock) and size: the bins the new size has are added, the ones it
// lost removed, refused while one of them holds stock, naming that bin.
func (s *Service) UpdateShelf(ctx context.Context, id uuid.UUID, in ShelfInput) (*Shelf, error) {
	want, err := checkShelf(in)
	if err != nil {
		return nil, err
	}
	var cur *Shelf
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if cur, err = getShelf(ctx, tx, id); err != nil {
			return err
		}
		if err := fresh(&cur.Entity, in.ConcurrencyStamp); err != nil {
			return err
		}
		from, err := getRow(ctx, tx, cur.RowID)
		if err != nil {
			return err
		}
		to, err := getRow(ctx, tx, want.RowID)
		if err != nil {
			return asInvalid(err, "rowId", KeyRowNotFound)
		}
		if err := shelfCodeTaken(ctx, tx, want.Code, id); err != nil {
			return err
		}
		bins, err := binsOf(ctx, tx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		held, err := heldIn(ctx, tx, bins)
		if err != nil {
			return err
		}
		if want.StorageType != cur.StorageType && len(held) > 0 {
			return apperr.Invalid("storageType", KeyStorageTypeInUse, cur.Code)
		}
		var keep, drop []Bin
		have := map[[2]int]bool{}
		for _, b := range bins {
			if b.Level > want.Levels || b.Position > want.BinsPerLevel {
				drop = append(drop, b)
			} else {
				keep = append(keep, b)
				have[[2]int{b.Level, b.Position}] = true
			}
		}
		if err := refuseHeld(drop, held, want.Levels); err != nil {
			return err
		}
		if err := removeBins(ctx, tx, drop); err != nil {
			return err
		}
		if want.Code != cur.Code {
			if err := renameBins(ctx, tx, keep, want.Code); err != nil {
				return err
			}
		}
		if from.FactoryID != to.FactoryID && len(keep) > 0 {
			if _, err := db.Update(ctx, tx, &StockItem{}).Set("factory_id = ?", to.FactoryID).
				Where("?TableAlias.bin_id IN (?)", bun.In(binIDs(keep))).Exec(ctx); err != nil {
				return fmt.Errorf("move stock to factory: %w", err)
			}
		}
		cur.RowID, cur.Code, cur.Name, cur.StorageType, cur.Levels, cur.BinsPerLevel =
			want.RowID, want.Code, want.Name, want.StorageType, want.Levels, want.BinsPerLevel
		var add [][2]int
		for l := 1; l <= want.Levels; l++ {
			for p := 1; p <= want.BinsPerLevel; p++ {
				if !have[[2]int{l, p}] {
					add = append(add, [2]int{l, p})
				}
			}
		}
		if err := insertBins(ctx, tx, cur, add); err != nil {
			return duplicate(err, KeyShelfDuplicate, want.Code)
		}
		err = stamped(ctx, tx, cur, in.ConcurrencyStamp, KeyShelfGone, "row_id", "code", "name", "storage_type", "levels", "bins_per_level")
		return duplicate(err, KeyShelfDuplicate, want.Code)
	})
	if err != nil {
		return nil, err
	}
	return cur, nil
}

// refuseHeld refuses removing bins of which one holds stock: on "levels" when the bin is on
// a level the shelf loses, else on "binsPerLevel"; one message per member, naming the bin.
func refuseHeld(drop []Bin, held map[uuid.UUID]int, levels int) error {
	ve := &apperr.ValidationError{}
	named := map[string]bool{}
	for _, b := range drop {
		n := held[b.ID]
		if n == 0 {
			continue
		}
		member := "binsPerLevel"
		if b.Level > levels {
			member = "levels"
		}
		if !named[member] {
			named[member] = true
			ve.Add(member, KeyBinHoldsStock, b.Code, n)
		}
	}
	return ve.OrNil()
}

// renameBins names bins after a shelf's new code, and the stock rows in them with them.
func renameBins(ctx context.Context, tx bun.IDB, bins []Bin, shelf string) error {
	for i := range bins {
		b := &bins[i]
		b.Code = BinCode(shelf, b.Level, b.Position)
		if _, err := db.Update(ctx, tx, b).Column("code", "last_modification_time", "last_modifier_id").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("rename bin %s: %w", b.Code, err)
		}
		if _, err := db.Update(ctx, tx, &StockItem{}).Set("bin_code = ?", b.Code).
			Where("?TableAlias.bin_id = ?", b.ID).Exec(ctx); err != nil {
			return fmt.Errorf("rename stock of bin %s: %w", b.Code, err)
		}
	}
	return nil
}

// DeleteShelf removes a shelf with its bins, refused while one of them holds stock.
func (s *Service) DeleteShelf(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		sh, err := getShelf(ctx, tx, id)
		if err != nil {
			return err
		}
		bins, err := binsOf(ctx, tx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		held, err := heldIn(ctx, tx, bins)
		if err != nil {
			return err
		}
		if b, n := firstHeld(bins, held); b != nil {
			return apperr.User(KeyShelfHoldsStock, sh.Code, b.Code, n)
		}
		if err := removeBins(ctx, tx, bins); err != nil {
			return err
		}
		if err := db.SoftDelete(ctx, tx, sh); err != nil {
			return keyed(err, KeyShelfGone)
		}
		return nil
	})
}
