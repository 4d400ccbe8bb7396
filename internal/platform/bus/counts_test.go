package bus

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

type countRow struct {
	bun.BaseModel `bun:"table:test_count_rows,alias:cr"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
}

var countMigrations = []db.Migration{{ID: "test/0001_count_rows",
	Up: db.SameDDL(`CREATE TABLE "test_count_rows" ("id" uuid NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"))`)}}

// countsDB is a migrated database whose list totals are kept in the counts it returns.
func countsDB(t *testing.T, d *db.DB) *Counts {
	t.Helper()
	if err := d.Migrate(context.Background(), countMigrations); err != nil {
		t.Fatal(err)
	}
	c := NewCounts(started(t, d))
	d.SetCounts(c)
	return c
}

func addRows(t *testing.T, ctx context.Context, idb bun.IDB, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := db.Insert(ctx, idb, &countRow{ID: db.NewID(), Name: n}); err != nil {
			t.Fatal(err)
		}
	}
}

// total lists the first row of test_count_rows through idb and answers the total.
func total(t *testing.T, ctx context.Context, idb bun.IDB) int {
	t.Helper()
	_, n, err := db.List[countRow](ctx, idb, db.Page{Limit: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAListTotalIsKeptUntilAWriteToItsTableCommits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, c := context.Background(), countsDB(t, d)
		addRows(t, ctx, d, "a", "b")
		if n := total(t, ctx, d); n != 2 || c.Len() != 1 {
			t.Fatalf("total %d with %d kept, want 2 and 1", n, c.Len())
		}
		addRows(t, ctx, d, "c") // outside a transaction: dropped at once
		if n := total(t, ctx, d); n != 3 {
			t.Fatalf("total %d after an insert, want 3", n)
		}
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			addRows(t, ctx, tx, "d")
			if c.Len() != 1 {
				t.Fatal("a write inside a transaction dropped the total before its commit")
			}
			if _, err := tx.NewUpdate().Model((*countRow)(nil)).Set("name = ?", "z").Where("name = ?", "a").Exec(ctx); err != nil {
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if c.Len() != 0 {
			t.Fatal("a committed transaction's writes left the total kept")
		}
		if n := total(t, ctx, d); n != 4 {
			t.Fatalf("total %d after a committed insert, want 4", n)
		}
		rollback := errors.New("roll back")
		err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { addRows(t, ctx, tx, "e"); return rollback })
		if !errors.Is(err, rollback) || c.Len() != 1 {
			t.Fatalf("a rolled-back insert: %v, %d totals kept, want 1", err, c.Len())
		}
		if _, err := d.ExecContext(ctx, "DELETE FROM test_count_rows WHERE name = ?", "z"); err != nil {
			t.Fatal(err)
		}
		if n := total(t, ctx, d); n != 3 {
			t.Fatalf("total %d after a raw DELETE, want 3", n)
		}
	})
}

func TestATotalReadInsideATransactionIsNotKept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, c := context.Background(), countsDB(t, d)
		addRows(t, ctx, d, "a", "b")
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			addRows(t, ctx, tx, "c")
			if n := total(t, ctx, tx); n != 3 {
				t.Fatalf("the transaction counts %d, want its own 3", n)
			}
			if n := total(t, ctx, d); n != 2 {
				t.Fatalf("outside the transaction %d, want 2", n)
			}
			if c.Len() != 0 {
				t.Fatalf("%d totals read inside a transaction were kept", c.Len())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n := total(t, ctx, d); n != 3 {
			t.Fatalf("total %d after the commit, want 3", n)
		}
	})
}

func TestReadsAnnounceNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, c := context.Background(), countsDB(t, d)
		addRows(t, ctx, d, "a", "b")
		_ = total(t, ctx, d)
		if _, err := d.ExecContext(ctx, "SELECT 1"); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.Select(ctx, d, (*countRow)(nil)).ColumnExpr("count(*)").Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		if c.Len() != 1 {
			t.Fatal("a read dropped the kept total")
		}
	})
}
