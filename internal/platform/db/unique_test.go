package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

type badge struct {
	bun.BaseModel `bun:"table:test_badges"`
	db.Entity
	Code string `bun:"code,notnull"`
}

var badgeMigrations = []db.Migration{{ID: "test/0001_badges", Up: db.DDL(`
CREATE TABLE "test_badges" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "code" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX "ux_test_badges_code" ON "test_badges" ("code") WHERE "is_deleted" = false
`, `
CREATE TABLE "test_badges" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "code" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX "ux_test_badges_code" ON "test_badges" ("code") WHERE "is_deleted" = false
`)}}

// TestWritesAUniqueIndexRefusesAreErrDuplicate: an insert or update that a unique index
// refuses answers an error that unwraps to ErrDuplicate (the HTTP edge's 409), with the
// database's own error still in the chain; other failures do not.
func TestWritesAUniqueIndexRefusesAreErrDuplicate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, badgeMigrations); err != nil {
			t.Fatal(err)
		}
		a, b := &badge{Code: "A"}, &badge{Code: "B"}
		for _, row := range []*badge{a, b} {
			if err := db.Insert(ctx, d, row); err != nil {
				t.Fatal(err)
			}
		}
		err := db.Insert(ctx, d, &badge{Code: "A"})
		if !errors.Is(err, db.ErrDuplicate) || !db.IsUniqueViolation(err) {
			t.Errorf("insert of a taken code = %v, want ErrDuplicate", err)
		}
		b.Code = "A"
		if err := db.UpdateStamped(ctx, d, b, b.ConcurrencyStamp, "code"); !errors.Is(err, db.ErrDuplicate) {
			t.Errorf("update to a taken code = %v, want ErrDuplicate", err)
		}
		if err := db.Insert(ctx, d, &badge{Entity: db.Entity{ID: a.ID}, Code: "C"}); !errors.Is(err, db.ErrDuplicate) {
			t.Errorf("insert of a taken id = %v, want ErrDuplicate", err)
		}
		if err := db.SoftDelete(ctx, d, a); err != nil {
			t.Fatal(err)
		}
		if err := db.Insert(ctx, d, &badge{Code: "A"}); err != nil {
			t.Errorf("a deleted row's code is free again: %v", err)
		}
		_, err = d.ExecContext(ctx, `INSERT INTO "test_badges" ("id") VALUES ('x')`)
		if err == nil || db.IsUniqueViolation(err) || errors.Is(err, db.ErrDuplicate) {
			t.Errorf("a missing NOT NULL value = %v, want another error", err)
		}
	})
}
