package optimization

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// entityColumns are the columns of db.Entity, first in every table.
const entityColumns = `"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,`

// bothDialects answers DDL written for SQLite for both dialects: PostgreSQL's times are zoned.
func bothDialects(sqlite string) func(ctx context.Context, tx bun.Tx, d *db.DB) error {
	return db.DDL(sqlite, strings.ReplaceAll(sqlite, "TIMESTAMP", "TIMESTAMPTZ"))
}

// importMigrations are the import files' tables (decision 0013), after the settings' and the
// materials'. Frozen once released.
var importMigrations = []db.Migration{{
	ID: "optimization/0100_import_files",
	Up: bothDialects(`
CREATE TABLE "opt_import_files" (
	` + entityColumns + `
	"file_name" VARCHAR NOT NULL,
	"setting_id" uuid,
	"file_descriptor_id" uuid,
	"source" INTEGER NOT NULL,
	"order_nos" VARCHAR NOT NULL,
	"parts" INTEGER NOT NULL,
	"pieces" INTEGER NOT NULL,
	"status" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_import_file_details" (
	` + entityColumns + `
	"import_file_id" uuid NOT NULL,
	"row_no" INTEGER NOT NULL,
	"order_no" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"part_name" VARCHAR NOT NULL,
	"part_code" VARCHAR NOT NULL,
	"material_code" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"grain" BOOLEAN NOT NULL,
	"edge_top" DOUBLE PRECISION NOT NULL,
	"edge_bottom" DOUBLE PRECISION NOT NULL,
	"edge_left" DOUBLE PRECISION NOT NULL,
	"edge_right" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_opt_import_files_sort_creation_time" ON "opt_import_files" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_opt_import_files_sort_file_name" ON "opt_import_files" ("tenant_id", "is_deleted", "file_name", "id");
CREATE INDEX "ix_opt_import_files_sort_status" ON "opt_import_files" ("tenant_id", "is_deleted", "status", "id");
CREATE INDEX "ix_opt_import_file_details_file" ON "opt_import_file_details" ("tenant_id", "is_deleted", "import_file_id", "row_no", "id")
`),
}}
