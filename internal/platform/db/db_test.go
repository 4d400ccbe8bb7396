package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

type widget struct {
	bun.BaseModel `bun:"table:test_widgets"`
	db.Entity
	Name string `bun:"name,notnull"`
}

var migrations = []db.Migration{{ID: "test/0001_widgets", Up: db.DDL(`
CREATE TABLE "test_widgets" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"))
`, `
CREATE TABLE "test_widgets" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"))
`)}}

func TestEntityRulesOnEveryDialect(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, migrations); err != nil {
			t.Fatal(err)
		}
		if err := d.Migrate(ctx, migrations); err != nil {
			t.Fatalf("second migrate must be a no-op: %v", err)
		}
		user := uuid.New()
		tenantA, tenantB := uuid.New(), uuid.New()
		ctxA := auth.WithPrincipal(tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenantA}), &auth.Principal{UserID: user})
		ctxB := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenantB})

		w := &widget{Name: "a"}
		if err := db.Insert(ctxA, d, w); err != nil {
			t.Fatal(err)
		}
		if w.ID == uuid.Nil || w.TenantID == nil || *w.TenantID != tenantA || w.CreatorID == nil || *w.CreatorID != user || w.ConcurrencyStamp == "" {
			t.Fatalf("insert did not fill id, tenant, creator and stamp: %+v", w.Entity)
		}
		if err := db.Insert(ctx, d, &widget{Name: "host"}); err != nil {
			t.Fatal(err)
		}

		count := func(ctx context.Context) int {
			n, err := db.Select(ctx, d, (*widget)(nil)).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
		if got := count(ctxA); got != 1 {
			t.Errorf("tenant A sees %d rows, want 1", got)
		}
		if got := count(ctxB); got != 0 {
			t.Errorf("tenant B sees %d rows of tenant A, want 0", got)
		}
		if got := count(ctx); got != 1 {
			t.Errorf("host sees %d rows, want only its own 1", got)
		}
		if got := count(tenancy.AllTenants(ctx)); got != 2 {
			t.Errorf("unfiltered sees %d rows, want 2", got)
		}

		stale := w.ConcurrencyStamp
		w.Name = "b"
		if err := db.UpdateStamped(ctxA, d, w, stale, "name"); err != nil {
			t.Fatalf("update with current stamp: %v", err)
		}
		w.Name = "c"
		if err := db.UpdateStamped(ctxA, d, w, stale, "name"); !errors.Is(err, db.ErrConflict) {
			t.Fatalf("update with stale stamp = %v, want ErrConflict", err)
		}
		other := &widget{Entity: db.Entity{ID: w.ID}, Name: "hijack"}
		if err := db.UpdateStamped(ctxB, d, other, "", "name"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("update from another tenant = %v, want ErrNotFound", err)
		}
		if err := db.SoftDelete(ctxB, d, &widget{Entity: db.Entity{ID: w.ID}}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("delete from another tenant = %v, want ErrNotFound", err)
		}
		if err := db.SoftDelete(ctxA, d, &widget{Entity: db.Entity{ID: w.ID}}); err != nil {
			t.Fatal(err)
		}
		if got := count(ctxA); got != 0 {
			t.Errorf("soft-deleted row still visible: %d", got)
		}
	})
}
