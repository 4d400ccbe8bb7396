package db_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func TestWithDeletedShowsDeletedRowsOfTheTenantOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: ptr(uuid.New())})
		if err := d.Migrate(ctx, listMigrations); err != nil {
			t.Fatal(err)
		}
		kept, gone := &listRow{Name: "kept"}, &listRow{Name: "gone"}
		for _, r := range []*listRow{kept, gone} {
			if err := db.Insert(ctx, d, r); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SoftDelete(ctx, d, gone); err != nil {
			t.Fatal(err)
		}
		other := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: ptr(uuid.New())})
		if err := db.Insert(other, d, &listRow{Name: "other"}); err != nil {
			t.Fatal(err)
		}
		count := func(ctx context.Context) int {
			n, err := db.Select(ctx, d, (*listRow)(nil)).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
		if n := count(ctx); n != 1 {
			t.Fatalf("live rows: %d, want 1", n)
		}
		if n := count(db.WithDeleted(ctx)); n != 2 {
			t.Fatalf("with deleted: %d, want 2 (the tenant's own)", n)
		}
	})
}
