package warehouse

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// The storehouse's set-up: factories, their rows, the rows' shelves and the shelves' bins.
// Every change is one transaction that waits for the tenant's bookings (the lock Book takes),
// so a bin is never removed while a booking puts stock into it. Nothing that holds stock (on
// hand > 0) is removed: the refusal names the bin. Empty stock rows of a removed bin are
// removed with it, so a bin made again later under the same code starts empty.

// lockStock takes the tenant's stock lock (the key Book uses) in tx.
func lockStock(ctx context.Context, tx bun.IDB) error {
	key := "warehouse.stock:host"
	if id := tenancy.ID(ctx); id != nil {
		key = "warehouse.stock:" + id.String()
	}
	return db.LockInTx(ctx, tx, key)
}

// ---- checks ----

// codeOK reports whether a code holds only letters, digits and - _ . (a bin's code appends
// "-{level}-{position}", a message argument never looks like a message key).
func codeOK(code string) bool {
	for _, r := range code {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.", r) {
			return false
		}
	}
	return true
}

func checkCode(ve *apperr.ValidationError, v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		ve.Add("code", KeyRequired, LabelCode)
	case len([]rune(v)) > MaxCode:
		ve.Add("code", KeyMaxLength, LabelCode, MaxCode)
	case !codeOK(v):
		ve.Add("code", KeyCodeChars, LabelCode)
	}
	return v
}

func checkText(ve *apperr.ValidationError, member, label, v string, required bool, max int) string {
	v = strings.TrimSpace(v)
	switch {
	case required && v == "":
		ve.Add(member, KeyRequired, label)
	case len([]rune(v)) > max:
		ve.Add(member, KeyMaxLength, label, max)
	}
	return v
}

func checkRange(ve *apperr.ValidationError, member, label string, v, lo, hi int) {
	if v < lo || v > hi {
		ve.Add(member, KeyRange, label, lo, hi)
	}
}

// checkID reads a required id member; an id that is not one is one of no row.
func checkID(ve *apperr.ValidationError, member, label, notFound, v string) uuid.UUID {
	v = strings.TrimSpace(v)
	if v == "" {
		ve.Add(member, KeyRequired, label)
		return uuid.Nil
	}
	id, err := uuid.Parse(v)
	if err != nil || id == uuid.Nil {
		ve.Add(member, notFound)
		return uuid.Nil
	}
	return id
}

func checkFactory(in FactoryInput) (*Factory, error) {
	ve := &apperr.ValidationError{}
	f := &Factory{Code: checkCode(ve, in.Code), Name: checkText(ve, "name", LabelName, in.Name, true, MaxName),
		Address: checkText(ve, "address", LabelAddress, in.Address, false, MaxAddress), IsDefault: in.IsDefault}
	return f, ve.OrNil()
}

func checkRow(in RowInput, create bool) (*Row, error) {
	ve := &apperr.ValidationError{}
	r := &Row{Code: checkCode(ve, in.Code), Name: checkText(ve, "name", LabelName, in.Name, true, MaxName), Sort: in.Sort}
	checkRange(ve, "sort", LabelSort, in.Sort, 0, MaxSort)
	if create {
		r.FactoryID = checkID(ve, "factoryId", LabelFactory, KeyFactoryNotFound, in.FactoryID)
	}
	return r, ve.OrNil()
}

func checkShelf(in ShelfInput) (*Shelf, error) {
	ve := &apperr.ValidationError{}
	sh := &Shelf{RowID: checkID(ve, "rowId", LabelRow, KeyRowNotFound, in.RowID), Code: checkCode(ve, in.Code),
		Name: checkText(ve, "name", LabelName, in.Name, false, MaxName), StorageType: in.StorageType,
		Levels: in.Levels, BinsPerLevel: in.BinsPerLevel}
	if sh.Name == "" {
		sh.Name = sh.Code
	}
	if in.StorageType != StorageBoards && in.StorageType != StorageOffcuts {
		ve.Add("storageType", KeyStorageType)
	}
	checkRange(ve, "levels", LabelLevels, in.Levels, 1, MaxLevels)
	checkRange(ve, "binsPerLevel", LabelBinsPerLevel, in.BinsPerLevel, 1, MaxBinsPerLevel)
	return sh, ve.OrNil()
}

// ---- reads in a transaction ----

func getFactory(ctx context.Context, tx bun.IDB, id uuid.UUID) (*Factory, error) {
	var f Factory
	if err := db.Select(ctx, tx, &f).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, keyed(db.NotFound(err, "factory"), KeyFactoryNotFound)
	}
	return &f, nil
}

func getRow(ctx context.Context, tx bun.IDB, id uuid.UUID) (*Row, error) {
	var r Row
	if err := db.Select(ctx, tx, &r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, keyed(db.NotFound(err, "row"), KeyRowNotFound)
	}
	return &r, nil
}

func getShelf(ctx context.Context, tx bun.IDB, id uuid.UUID) (*Shelf, error) {
	var sh Shelf
	if err := db.Select(ctx, tx, &sh).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, keyed(db.NotFound(err, "shelf"), KeyShelfGone)
	}
	return &sh, nil
}

// keyed gives a not-found error its message key; other errors pass.
func keyed(err error, key string) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.WithKey(apperr.ErrNotFound, key)
	}
	return err
}

// asInvalid turns a missing row a body names into the member's validation error.
func asInvalid(err error, member, key string) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.Invalid(member, key)
	}
	return err
}

// taken reports whether a live row of model's table other than self has code (without
// regard to case), among those where narrows (nil: the tenant's).
func taken(ctx context.Context, tx bun.IDB, model any, code string, self uuid.UUID, narrow func(*bun.SelectQuery) *bun.SelectQuery) (bool, error) {
	q := db.Select(ctx, tx, model).Where("lower(?TableAlias.code) = ?", strings.ToLower(code))
	if self != uuid.Nil {
		q = q.Where("?TableAlias.id <> ?", self)
	}
	if narrow != nil {
		q = narrow(q)
	}
	ok, err := q.Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("code taken: %w", err)
	}
	return ok, nil
}

// duplicate turns a unique index's refusal into the code's message.
func duplicate(err error, key, code string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("code", key, code)
	}
	return err
}

// stamped writes columns of row, checking the stamp read (a stale one answers 409).
func stamped(ctx context.Context, tx bun.IDB, row db.Stamped, stamp, notFound string, columns ...string) error {
	if err := db.UpdateStamped(ctx, tx, row, strings.TrimSpace(stamp), columns...); err != nil {
		return keyed(err, notFound)
	}
	return nil
}

// fresh refuses a stale stamp before anything is changed (an empty one is not checked).
func fresh(e *db.Entity, stamp string) error {
	if stamp = strings.TrimSpace(stamp); stamp != "" && stamp != e.ConcurrencyStamp {
		return fmt.Errorf("stale concurrency stamp: %w", apperr.ErrConflict)
	}
	return nil
}

// ---- what the bins hold ----

// heldIn answers the pieces on hand per bin among bins (only bins holding some).
func heldIn(ctx context.Context, tx bun.IDB, bins []Bin) (map[uuid.UUID]int, error) {
	out := map[uuid.UUID]int{}
	if len(bins) == 0 {
		return out, nil
	}
	var sums []struct {
		BinID  uuid.UUID `bun:"bin_id"`
		OnHand int       `bun:"on_hand"`
	}
	err := db.Select(ctx, tx, (*StockItem)(nil)).ColumnExpr("?TableAlias.bin_id AS bin_id").
		ColumnExpr("SUM(?TableAlias.on_hand) AS on_hand").
		Where("?TableAlias.bin_id IN (?)", bun.In(binIDs(bins))).Where("?TableAlias.on_hand > 0").
		GroupExpr("?TableAlias.bin_id").Scan(ctx, &sums)
	if err != nil {
		return nil, fmt.Errorf("bins held: %w", err)
	}
	for _, x := range sums {
		out[x.BinID] = x.OnHand
	}
	return out, nil
}

// firstHeld answers the first bin (by level, position, code) holding stock, and what it holds.
func firstHeld(bins []Bin, held map[uuid.UUID]int) (*Bin, int) {
	for i := range bins {
		if n := held[bins[i].ID]; n > 0 {
			return &bins[i], n
		}
	}
	return nil, 0
}

func binIDs(bins []Bin) []uuid.UUID {
	ids := make([]uuid.UUID, len(bins))
	for i, b := range bins {
		ids[i] = b.ID
	}
	return ids
}

// binsOf answers the live bins of shelves, by shelf, level and position.
func binsOf(ctx context.Context, tx bun.IDB, shelves []uuid.UUID) ([]Bin, error) {
	if len(shelves) == 0 {
		return nil, nil
	}
	var bins []Bin
	if err := db.Select(ctx, tx, &bins).Where("?TableAlias.shelf_id IN (?)", bun.In(shelves)).
		OrderExpr("?TableAlias.shelf_id ASC, ?TableAlias.level ASC, ?TableAlias.position ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("bins: %w", err)
	}
	return bins, nil
}

// softDeleteWhere marks the live rows of model's table that where selects deleted.
func softDeleteWhere(ctx context.Context, tx bun.IDB, model any, where func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	q := db.Update(ctx, tx, model).Set("is_deleted = ?", true).Set("deletion_time = ?", now).
		Set("deleter_id = ?", auth.UserID(ctx)).Set("concurrency_stamp = ?", db.NewStamp())
	if _, err := where(q).Exec(ctx); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	return nil
}

// removeBins deletes bins and the empty stock rows in them (the caller checked that none
// holds stock).
func removeBins(ctx context.Context, tx bun.IDB, bins []Bin) error {
	if len(bins) == 0 {
		return nil
	}
	ids := bun.In(binIDs(bins))
	if err := softDeleteWhere(ctx, tx, &StockItem{}, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Where("?TableAlias.bin_id IN (?)", ids).Where("?TableAlias.on_hand = 0")
	}); err != nil {
		return fmt.Errorf("empty stock rows of removed bins: %w", err)
	}
	if err := softDeleteWhere(ctx, tx, &Bin{}, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Where("?TableAlias.id IN (?)", ids)
	}); err != nil {
		return fmt.Errorf("bins: %w", err)
	}
	return nil
}

// ---- factories ----

// CreateFactory adds a factory; the tenant's first, or one marked default, becomes the only
// default (the other is cleared in the same transaction).
func (s *Service) CreateFactory(ctx context.Context, in FactoryInput) (*Factory, error) {
	f, err := checkFactory(in)
	if err != nil {
		return nil, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if t, err := taken(ctx, tx, (*Factory)(nil), f.Code, uuid.Nil, nil); err != nil || t {
			return cmpErr(err, t, apperr.Invalid("code", KeyFactoryDuplicate, f.Code))
		}
		n, err := db.Select(ctx, tx, (*Factory)(nil)).Count(ctx)
		if err != nil {
			return fmt.Errorf("count factories: %w", err)
		}
		f.IsDefault = f.IsDefault || n == 0
		if f.IsDefault {
			if err := clearDefault(ctx, tx, uuid.Nil); err != nil {
				return err
			}
		}
		return duplicate(insertFactory(ctx, tx, f), KeyFactoryDuplicate, f.Code)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// cmpErr answers err, else refused when t.
func cmpErr(err error, t bool, refused error) error {
	if err != nil {
		return err
	}
	if t {
		return refused
	}
	return nil
}

// clearDefault makes every factory but keep not the default.
func clearDefault(ctx context.Context, tx bun.IDB, keep uuid.UUID) error {
	q := db.Update(ctx, tx, &Factory{}).Set("is_default = ?", false).Set("concurrency_stamp = ?", db.NewStamp()).
		Where("?TableAlias.is_default = ?", true)
	if keep != uuid.Nil {
		q = q.Where("?TableAlias.id <> ?", keep)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("clear default factory: %w", err)
	}
	return nil
}

// UpdateFactory changes a factory's code, name, address and default; making it the default
// clears the other in the same transaction; the default cannot be unset.
func (s *Service) UpdateFactory(ctx context.Context, id uuid.UUID, in FactoryInput) (*Factory, error) {
	f, err := checkFactory(in)
	if err != nil {
		return nil, err
	}
	var cur *Factory
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if cur, err = getFactory(ctx, tx, id); err != nil {
			return err
		}
		if err := fresh(&cur.Entity, in.ConcurrencyStamp); err != nil {
			return err
		}
		if cur.IsDefault && !f.IsDefault {
			return apperr.Invalid("isDefault", KeyKeepDefault)
		}
		if t, err := taken(ctx, tx, (*Factory)(nil), f.Code, id, nil); err != nil || t {
			return cmpErr(err, t, apperr.Invalid("code", KeyFactoryDuplicate, f.Code))
		}
		if f.IsDefault && !cur.IsDefault {
			if err := clearDefault(ctx, tx, id); err != nil {
				return err
			}
		}
		cur.Code, cur.Name, cur.Address, cur.IsDefault = f.Code, f.Name, f.Address, f.IsDefault
		return duplicate(stamped(ctx, tx, cur, in.ConcurrencyStamp, KeyFactoryNotFound, "code", "name", "address", "is_default"), KeyFactoryDuplicate, f.Code)
	})
	if err != nil {
		return nil, err
	}
	return cur, nil
}

// DeleteFactory removes a factory with its rows, shelves and bins, refused while any of its
// bins holds stock or stock without a bin is booked to it; a deleted default passes to the
// first other factory by code.
func (s *Service) DeleteFactory(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		f, err := getFactory(ctx, tx, id)
		if err != nil {
			return err
		}
		var rows []Row
		if err := db.Select(ctx, tx, &rows).Where("?TableAlias.factory_id = ?", id).Scan(ctx); err != nil {
			return fmt.Errorf("rows of factory: %w", err)
		}
		rowIDs := make([]uuid.UUID, len(rows))
		for i, r := range rows {
			rowIDs[i] = r.ID
		}
		shelves, bins, err := s.underRows(ctx, tx, rowIDs)
		if err != nil {
			return err
		}
		held, err := heldIn(ctx, tx, bins)
		if err != nil {
			return err
		}
		if b, n := firstHeld(bins, held); b != nil {
			return apperr.User(KeyFactoryHoldsStock, f.Code, b.Code, n)
		}
		var loose []int
		if err := db.Select(ctx, tx, (*StockItem)(nil)).ColumnExpr("COALESCE(SUM(?TableAlias.on_hand), 0)").
			Where("?TableAlias.factory_id = ?", id).Where("?TableAlias.bin_id IS NULL").Scan(ctx, &loose); err != nil {
			return fmt.Errorf("unassigned stock of factory: %w", err)
		}
		if len(loose) > 0 && loose[0] > 0 {
			return apperr.User(KeyFactoryUnassigned, f.Code, loose[0])
		}
		if err := softDeleteWhere(ctx, tx, &StockItem{}, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("?TableAlias.factory_id = ?", id).Where("?TableAlias.bin_id IS NULL").Where("?TableAlias.on_hand = 0")
		}); err != nil {
			return err
		}
		if err := s.removeUnder(ctx, tx, rowIDs, shelves, bins); err != nil {
			return err
		}
		if err := db.SoftDelete(ctx, tx, f); err != nil {
			return keyed(err, KeyFactoryNotFound)
		}
		if !f.IsDefault {
			return nil
		}
		var next []Factory
		if err := db.Select(ctx, tx, &next).OrderExpr("?TableAlias.code ASC").Limit(1).Scan(ctx); err != nil {
			return fmt.Errorf("next default factory: %w", err)
		}
		if len(next) == 0 {
			return nil
		}
		next[0].IsDefault = true
		return stamped(ctx, tx, &next[0], "", KeyFactoryNotFound, "is_default")
	})
}

// underRows answers the shelves of rows and their bins.
func (s *Service) underRows(ctx context.Context, tx bun.IDB, rows []uuid.UUID) ([]uuid.UUID, []Bin, error) {
	if len(rows) == 0 {
		return nil, nil, nil
	}
	var shelves []uuid.UUID
	if err := db.Select(ctx, tx, (*Shelf)(nil)).Column("id").Where("?TableAlias.row_id IN (?)", bun.In(rows)).Scan(ctx, &shelves); err != nil {
		return nil, nil, fmt.Errorf("shelves of rows: %w", err)
	}
	bins, err := binsOf(ctx, tx, shelves)
	if err != nil {
		return nil, nil, err
	}
	return shelves, bins, nil
}

// removeUnder deletes bins, shelves and rows (the caller checked that no bin holds stock).
func (s *Service) removeUnder(ctx context.Context, tx bun.IDB, rows, shelves []uuid.UUID, bins []Bin) error {
	if err := removeBins(ctx, tx, bins); err != nil {
		return err
	}
	if len(shelves) > 0 {
		if err := softDeleteWhere(ctx, tx, &Shelf{}, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("?TableAlias.id IN (?)", bun.In(shelves))
		}); err != nil {
			return fmt.Errorf("shelves: %w", err)
		}
	}
	if len(rows) > 0 {
		if err := softDeleteWhere(ctx, tx, &Row{}, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("?TableAlias.id IN (?)", bun.In(rows))
		}); err != nil {
			return fmt.Errorf("rows: %w", err)
		}
	}
	return nil
}

// ---- rows ----

func rowCodeTaken(ctx context.Context, tx bun.IDB, factory uuid.UUID, code string, self uuid.UUID) error {
	t, err := taken(ctx, tx, (*Row)(nil), code, self, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("?TableAlias.factory_id = ?", factory)
	})
	return cmpErr(err, t, apperr.Invalid("code", KeyRowDuplicate, code))
}

// CreateRow adds a storehouse row to a factory of the tenant; its code is unique in the factory.
func (s *Service) CreateRow(ctx context.Context, in RowInput) (*Row, error) {
	r, err := checkRow(in, true)
	if err != nil {
		return nil, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if _, err := getFactory(ctx, tx, r.FactoryID); err != nil {
			return asInvalid(err, "factoryId", KeyFactoryNotFound)
		}
		if err := rowCodeTaken(ctx, tx, r.FactoryID, r.Code, uuid.Nil); err != nil {
			return err
		}
		r, err = insertRow(ctx, tx, r.FactoryID, r.Code, r.Name, r.Sort)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// UpdateRow changes a row's code, name and order (it stays in its factory).
func (s *Service) UpdateRow(ctx context.Context, id uuid.UUID, in RowInput) (*Row, error) {
	r, err := checkRow(in, false)
	if err != nil {
		return nil, err
	}
	var cur *Row
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		if cur, err = getRow(ctx, tx, id); err != nil {
			return err
		}
		if err := fresh(&cur.Entity, in.ConcurrencyStamp); err != nil {
			return err
		}
		if err := rowCodeTaken(ctx, tx, cur.FactoryID, r.Code, id); err != nil {
			return err
		}
		cur.Code, cur.Name, cur.Sort = r.Code, r.Name, r.Sort
		return stamped(ctx, tx, cur, in.ConcurrencyStamp, KeyRowNotFound, "code", "name", "sort")
	})
	if err != nil {
		return nil, err
	}
	return cur, nil
}

// DeleteRow removes a row with its shelves and bins, refused while one of its bins holds stock.
func (s *Service) DeleteRow(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockStock(ctx, tx); err != nil {
			return err
		}
		r, err := getRow(ctx, tx, id)
		if err != nil {
			return err
		}
		shelves, bins, err := s.underRows(ctx, tx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		held, err := heldIn(ctx, tx, bins)
		if err != nil {
			return err
		}
		if b, n := firstHeld(bins, held); b != nil {
			return apperr.User(KeyRowHoldsStock, r.Code, b.Code, n)
		}
		return s.removeUnder(ctx, tx, []uuid.UUID{id}, shelves, bins)
	})
}
