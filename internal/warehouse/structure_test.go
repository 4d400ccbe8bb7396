package warehouse

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// fieldKeys answers a validation error's member → message key (one per member, the first).
func fieldKeys(err error) map[string]string {
	out := map[string]string{}
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for _, f := range ve.Fields {
			if _, ok := out[f.Field]; !ok {
				out[f.Field] = f.Key
			}
		}
	}
	return out
}

func demoFactory(t *testing.T, ctx context.Context, s *Service) Factory {
	t.Helper()
	fs, err := s.Factories(ctx)
	if err != nil || len(fs) != 1 {
		t.Fatalf("factories %v %v", fs, err)
	}
	return fs[0]
}

// shelfBins answers the codes of a shelf's bins by level and position, and what each holds.
func shelfBins(t *testing.T, ctx context.Context, s *Service, code string) (codes []string, onHand map[string]int) {
	t.Helper()
	info, err := s.ShelvesInfo(ctx, code, nil)
	if err != nil {
		t.Fatalf("shelf %s: %v", code, err)
	}
	onHand = map[string]int{}
	for _, b := range info[0].Bins {
		codes = append(codes, b.Code)
		if b.OnHand > 0 {
			onHand[b.Code] = b.OnHand
		}
	}
	return codes, onHand
}

func rowByCode(t *testing.T, ctx context.Context, s *Service, code string) RowView {
	t.Helper()
	rows, err := s.RowList(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Code == code {
			return r
		}
	}
	t.Fatalf("no row %s in %+v", code, rows)
	return RowView{}
}

func TestFactoriesKeepOneDefaultAndUniqueCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		hz := demoFactory(t, ctx, s)
		sz, err := s.CreateFactory(ctx, FactoryInput{Code: " SZ01 ", Name: "苏州 / Suzhou", Address: "Suzhou"})
		if err != nil || sz.IsDefault || sz.Code != "SZ01" {
			t.Fatalf("second factory %+v %v", sz, err)
		}
		if _, err := s.CreateFactory(ctx, FactoryInput{Code: "hz01", Name: "again"}); fieldKeys(err)["code"] != KeyFactoryDuplicate {
			t.Fatalf("a taken code (other case): %v", err)
		}
		// Making SZ01 the default clears HZ01's in the same transaction.
		sz, err = s.UpdateFactory(ctx, sz.ID, FactoryInput{Code: "SZ01", Name: "Suzhou", IsDefault: true, ConcurrencyStamp: sz.ConcurrencyStamp})
		if err != nil || !sz.IsDefault {
			t.Fatalf("make default %+v %v", sz, err)
		}
		fs, _ := s.Factories(ctx)
		if len(fs) != 2 || fs[0].Code != "SZ01" || !fs[0].IsDefault || fs[1].IsDefault {
			t.Fatalf("defaults %+v", fs)
		}
		// The default cannot be unset; a stale stamp answers a conflict; nothing changes.
		if _, err := s.UpdateFactory(ctx, sz.ID, FactoryInput{Code: "SZ01", Name: "Suzhou"}); fieldKeys(err)["isDefault"] != KeyKeepDefault {
			t.Fatalf("unset default: %v", err)
		}
		if _, err := s.UpdateFactory(ctx, hz.ID, FactoryInput{Code: "HZ01", Name: "x", ConcurrencyStamp: hz.ConcurrencyStamp}); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		if _, err := s.UpdateFactory(ctx, hz.ID, FactoryInput{Code: "sz01", Name: "x"}); fieldKeys(err)["code"] != KeyFactoryDuplicate {
			t.Fatalf("rename onto a taken code: %v", err)
		}
		// A new default made at creation clears the other too.
		nb, err := s.CreateFactory(ctx, FactoryInput{Code: "NB01", Name: "Ningbo", IsDefault: true})
		if err != nil {
			t.Fatal(err)
		}
		fs, _ = s.Factories(ctx)
		defaults := 0
		for _, f := range fs {
			if f.IsDefault {
				defaults++
			}
		}
		if defaults != 1 || fs[0].ID != nb.ID {
			t.Fatalf("one default after creating one: %+v", fs)
		}
		// Deleting the default passes it to the first other by code.
		if err := s.DeleteFactory(ctx, nb.ID); err != nil {
			t.Fatal(err)
		}
		fs, _ = s.Factories(ctx)
		if len(fs) != 2 || fs[0].Code != "HZ01" || !fs[0].IsDefault {
			t.Fatalf("after deleting the default %+v", fs)
		}
		// Another tenant's first factory is its default; it sees none of these.
		other := userCtx(newTenant())
		of, err := s.CreateFactory(other, FactoryInput{Code: "HZ01", Name: "same code, other tenant"})
		if err != nil || !of.IsDefault {
			t.Fatalf("other tenant's first factory %+v %v", of, err)
		}
		if _, err := s.UpdateFactory(other, hz.ID, FactoryInput{Code: "X", Name: "x"}); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("another tenant's factory: %v", err)
		}
		if err := s.DeleteFactory(other, hz.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("delete another tenant's factory: %v", err)
		}
	})
}

func TestBadSetUpIsRefusedMemberByMemberAndChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		row := rowByCode(t, ctx, s, "A")
		long := strings.Repeat("x", MaxCode+1)
		cases := []struct {
			name string
			call func() error
			want map[string]string
		}{
			{"factory without code nor name", func() error { _, err := s.CreateFactory(ctx, FactoryInput{Code: "  "}); return err },
				map[string]string{"code": KeyRequired, "name": KeyRequired}},
			{"factory code with a space, long address", func() error {
				_, err := s.CreateFactory(ctx, FactoryInput{Code: "H Z", Name: "n", Address: strings.Repeat("a", MaxAddress+1)})
				return err
			}, map[string]string{"code": KeyCodeChars, "address": KeyMaxLength}},
			{"row without factory, long code, sort out of range", func() error {
				_, err := s.CreateRow(ctx, RowInput{Code: long, Name: "n", Sort: MaxSort + 1})
				return err
			}, map[string]string{"factoryId": KeyRequired, "code": KeyMaxLength, "sort": KeyRange}},
			{"row of no factory", func() error {
				_, err := s.CreateRow(ctx, RowInput{FactoryID: uuid.NewString(), Code: "C", Name: "n"})
				return err
			}, map[string]string{"factoryId": KeyFactoryNotFound}},
			{"row with a taken code", func() error {
				_, err := s.CreateRow(ctx, RowInput{FactoryID: row.FactoryID.String(), Code: "a", Name: "n"})
				return err
			}, map[string]string{"code": KeyRowDuplicate}},
			{"shelf with bad type and sizes", func() error {
				_, err := s.CreateShelf(ctx, ShelfInput{RowID: row.ID.String(), Code: "S1", StorageType: 2, Levels: 0, BinsPerLevel: MaxBinsPerLevel + 1})
				return err
			}, map[string]string{"storageType": KeyStorageType, "levels": KeyRange, "binsPerLevel": KeyRange}},
			{"shelf of no row", func() error {
				_, err := s.CreateShelf(ctx, ShelfInput{RowID: "x", Code: "S1", Levels: 1, BinsPerLevel: 1})
				return err
			}, map[string]string{"rowId": KeyRowNotFound}},
			{"shelf with a taken code", func() error {
				_, err := s.CreateShelf(ctx, ShelfInput{RowID: row.ID.String(), Code: "b01", Levels: 1, BinsPerLevel: 1})
				return err
			}, map[string]string{"code": KeyShelfDuplicate}},
		}
		for _, c := range cases {
			if got := fieldKeys(c.call()); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
		fs, _ := s.Factories(ctx)
		rows, _ := s.RowList(ctx, nil)
		if len(fs) != 1 || len(rows) != 2 || len(rows[0].Shelves)+len(rows[1].Shelves) != 3 {
			t.Fatalf("something changed: %d factories, rows %+v", len(fs), rows)
		}
		// The same row code in another factory is fine.
		sz, err := s.CreateFactory(ctx, FactoryInput{Code: "SZ01", Name: "Suzhou"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateRow(ctx, RowInput{FactoryID: sz.ID.String(), Code: "A", Name: "A"}); err != nil {
			t.Fatalf("row A in another factory: %v", err)
		}
		// Another tenant's row is no row.
		if _, err := s.CreateShelf(userCtx(newTenant()), ShelfInput{RowID: row.ID.String(), Code: "S1", Levels: 1, BinsPerLevel: 1}); fieldKeys(err)["rowId"] != KeyRowNotFound {
			t.Fatalf("another tenant's row: %v", err)
		}
	})
}

func TestAShelfsBinsFollowItsSizeAndCodeAndStockIsNeverLost(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		f := demoFactory(t, ctx, s)
		row, err := s.CreateRow(ctx, RowInput{FactoryID: f.ID.String(), Code: "C", Name: "C 排", Sort: 3})
		if err != nil {
			t.Fatal(err)
		}
		sh, err := s.CreateShelf(ctx, ShelfInput{RowID: row.ID.String(), Code: "C01", StorageType: StorageBoards, Levels: 3, BinsPerLevel: 4})
		if err != nil || sh.Name != "C01" {
			t.Fatalf("create shelf %+v %v", sh, err)
		}
		codes, _ := shelfBins(t, ctx, s, "c01")
		if len(codes) != 12 || codes[0] != BinCode("C01", 1, 1) || codes[11] != "C01-3-4" {
			t.Fatalf("bins %v", codes)
		}
		if err := book(ctx, s, "", board("PB18-WW", 2800, 2070, 4, DirectionIn, "C01-3-2")); err != nil {
			t.Fatal(err)
		}
		in := ShelfInput{RowID: row.ID.String(), Code: "C01", Name: "C01", StorageType: StorageBoards, Levels: 2, BinsPerLevel: 4}

		// Level 3 holds stock: the shelf cannot lose it, and nothing changes.
		if _, err := s.UpdateShelf(ctx, sh.ID, in); fieldKeys(err)["levels"] != KeyBinHoldsStock {
			t.Fatalf("removing a bin with stock: %v", err)
		}
		var ve *apperr.ValidationError
		if !errors.As(errOf(s.UpdateShelf(ctx, sh.ID, in)), &ve) || fmt.Sprint(ve.Fields[0].Args) != "[C01-3-2 4]" {
			t.Fatalf("the refusal names the bin: %+v", ve)
		}
		in.StorageType = StorageOffcuts
		in.Levels = 3
		if _, err := s.UpdateShelf(ctx, sh.ID, in); fieldKeys(err)["storageType"] != KeyStorageTypeInUse {
			t.Fatalf("storage type of a shelf with stock: %v", err)
		}
		if codes, held := shelfBins(t, ctx, s, "C01"); len(codes) != 12 || fmt.Sprint(held) != "map[C01-3-2:4]" {
			t.Fatalf("after refusals %v %v", codes, held)
		}
		if err := s.DeleteShelf(ctx, sh.ID); userKey(err) != KeyShelfHoldsStock {
			t.Fatalf("delete a shelf with stock: %v", err)
		}
		if err := s.DeleteRow(ctx, row.ID); userKey(err) != KeyRowHoldsStock {
			t.Fatalf("delete a row with stock: %v", err)
		}

		// Renamed and widened: every bin renamed, the stock in C01-3-2 now in D01-3-2.
		in = ShelfInput{RowID: row.ID.String(), Code: "D01", Name: "D", StorageType: StorageBoards, Levels: 3, BinsPerLevel: 5, ConcurrencyStamp: sh.ConcurrencyStamp}
		sh, err = s.UpdateShelf(ctx, sh.ID, in)
		if err != nil {
			t.Fatal(err)
		}
		codes, held := shelfBins(t, ctx, s, "D01")
		if len(codes) != 15 || codes[4] != "D01-1-5" || fmt.Sprint(held) != "map[D01-3-2:4]" {
			t.Fatalf("renamed %v %v", codes, held)
		}
		if _, err := s.ShelvesInfo(ctx, "C01", nil); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("old code still found: %v", err)
		}
		if _, err := s.UpdateShelf(ctx, sh.ID, ShelfInput{RowID: row.ID.String(), Code: "D01", Levels: 1, BinsPerLevel: 1, ConcurrencyStamp: "stale"}); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		// Booking by the new bin code finds the same item.
		if err := book(ctx, s, "", board("PB18-WW", 2800, 2070, 4, DirectionOut, "D01-3-2")); err != nil {
			t.Fatalf("issue from the renamed bin: %v", err)
		}
		// Empty now: down to 2 levels × 4, then deleted; a shelf of the old code can be made again, empty.
		in.Levels, in.BinsPerLevel, in.ConcurrencyStamp = 2, 4, ""
		if _, err := s.UpdateShelf(ctx, sh.ID, in); err != nil {
			t.Fatal(err)
		}
		if codes, _ := shelfBins(t, ctx, s, "D01"); len(codes) != 8 || codes[7] != "D01-2-4" {
			t.Fatalf("shrunk %v", codes)
		}
		if err := s.DeleteShelf(ctx, sh.ID); err != nil {
			t.Fatal(err)
		}
		again, err := s.CreateShelf(ctx, ShelfInput{RowID: row.ID.String(), Code: "D01", Levels: 3, BinsPerLevel: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, held := shelfBins(t, ctx, s, "D01"); len(held) != 0 {
			t.Fatalf("a bin made again holds %v", held)
		}
		if err := book(ctx, s, "", board("PB18-WW", 2800, 2070, 2, DirectionIn, "D01-3-2")); err != nil {
			t.Fatal(err)
		}
		if _, held := shelfBins(t, ctx, s, "D01"); fmt.Sprint(held) != "map[D01-3-2:2]" {
			t.Fatalf("a bin made again receives %v", held)
		}
		_ = again
		balanced(t, ctx, s)
	})
}

// errOf drops a call's first answer.
func errOf[T any](_ T, e error) error { return e }

func TestDeletingAFactoryOrRowTakesItsShelvesUnlessTheyHoldStock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := newService(t, d)
		hz := demoFactory(t, ctx, s)
		if err := s.DeleteFactory(ctx, hz.ID); userKey(err) != KeyFactoryHoldsStock {
			t.Fatalf("delete the demo factory: %v", err)
		}
		// A factory whose stock has no bin.
		sz, err := s.CreateFactory(ctx, FactoryInput{Code: "SZ01", Name: "Suzhou", IsDefault: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := book(ctx, s, "", board("LOOSE", 1000, 500, 2, DirectionIn, "")); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteFactory(ctx, sz.ID); userKey(err) != KeyFactoryUnassigned {
			t.Fatalf("delete a factory with unassigned stock: %v", err)
		}
		if err := book(ctx, s, "", board("LOOSE", 1000, 500, 2, DirectionOut, "")); err != nil {
			t.Fatal(err)
		}
		r, err := s.CreateRow(ctx, RowInput{FactoryID: sz.ID.String(), Code: "S", Name: "S"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateShelf(ctx, ShelfInput{RowID: r.ID.String(), Code: "S01", Levels: 2, BinsPerLevel: 2}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteFactory(ctx, sz.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ShelvesInfo(ctx, "S01", nil); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("shelf of a deleted factory: %v", err)
		}
		if rows, _ := s.RowList(ctx, nil); len(rows) != 2 {
			t.Fatalf("rows after deleting a factory %+v", rows)
		}
		if f := demoFactory(t, ctx, s); !f.IsDefault {
			t.Fatalf("the default passed back: %+v", f)
		}
		// Row B (offcut shelves, empty) goes with its shelves and bins; its codes are free again.
		b := rowByCode(t, ctx, s, "B")
		if err := s.DeleteRow(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ShelvesInfo(ctx, "B01", nil); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("shelf of a deleted row: %v", err)
		}
		a := rowByCode(t, ctx, s, "A")
		if _, err := s.CreateShelf(ctx, ShelfInput{RowID: a.ID.String(), Code: "B01", StorageType: StorageOffcuts, Levels: 1, BinsPerLevel: 1}); err != nil {
			t.Fatalf("B01 again: %v", err)
		}
		if err := s.DeleteRow(ctx, a.ID); userKey(err) != KeyRowHoldsStock {
			t.Fatalf("delete row A with stock: %v", err)
		}
		balanced(t, ctx, s)
	})
}
