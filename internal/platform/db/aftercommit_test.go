package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func TestAfterCommitRunsOnlyOnceTheTransactionCommits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ran := 0
		db.AfterCommit(ctx, func() { ran++ })
		if ran != 1 {
			t.Fatalf("outside a transaction: ran %d times, want at once", ran)
		}

		ran = 0
		err := d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
			db.AfterCommit(ctx, func() { ran++ })
			db.AfterCommit(ctx, func() { ran++ })
			if ran != 0 {
				t.Fatal("ran before the commit")
			}
			return nil
		})
		if err != nil || ran != 2 {
			t.Fatalf("committed: err %v, ran %d, want 2", err, ran)
		}

		ran = 0
		boom := errors.New("boom")
		err = d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
			db.AfterCommit(ctx, func() { ran++ })
			return boom
		})
		if !errors.Is(err, boom) || ran != 0 {
			t.Fatalf("rolled back: err %v, ran %d, want 0", err, ran)
		}
	})
}
