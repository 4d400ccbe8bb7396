package optimization

import "kerf/internal/platform/db"

// runsMigrations are the runs' tables (decision 0013: the contract's solutions), after every
// other slice's. Frozen once released.
var runsMigrations = []db.Migration{{
	// A run keeps the parameters and the saw it was run with (JSON), its progress while it runs
	// and its figures and full result (JSON) once finished; opt_run_files are its import files.
	ID: "optimization/0101_runs",
	Up: bothDialects(`
CREATE TABLE "opt_runs" (
	` + entityColumns + `
	"plan_no" VARCHAR NOT NULL,
	"status" INTEGER NOT NULL,
	"job_id" BIGINT NOT NULL,
	"cancel_requested" BOOLEAN NOT NULL,
	"parameters" VARCHAR NOT NULL,
	"machine" VARCHAR NOT NULL,
	"files" INTEGER NOT NULL,
	"pieces" INTEGER NOT NULL,
	"percent" DOUBLE PRECISION NOT NULL,
	"progress_boards" INTEGER NOT NULL,
	"best_utilisation" DOUBLE PRECISION NOT NULL,
	"lower_bound" INTEGER NOT NULL,
	"boards" INTEGER NOT NULL,
	"parts" INTEGER NOT NULL,
	"offcuts_kept" INTEGER NOT NULL,
	"parts_area" DOUBLE PRECISION NOT NULL,
	"boards_area" DOUBLE PRECISION NOT NULL,
	"offcuts_area" DOUBLE PRECISION NOT NULL,
	"utilisation" DOUBLE PRECISION NOT NULL,
	"waste_pct" DOUBLE PRECISION NOT NULL,
	"waste_offcut_pct" DOUBLE PRECISION NOT NULL,
	"cuts" INTEGER NOT NULL,
	"cycles" INTEGER NOT NULL,
	"saw_seconds" DOUBLE PRECISION NOT NULL,
	"result" TEXT NOT NULL,
	"error" VARCHAR NOT NULL,
	"started_at" TIMESTAMP,
	"finished_at" TIMESTAMP,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_run_files" (
	` + entityColumns + `
	"run_id" uuid NOT NULL,
	"import_file_id" uuid NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_opt_runs_plan_no" ON "opt_runs" ("tenant_id", "plan_no");
CREATE INDEX "ix_opt_runs_sort_creation_time" ON "opt_runs" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_opt_runs_sort_status" ON "opt_runs" ("tenant_id", "is_deleted", "status", "id");
CREATE INDEX "ix_opt_runs_sort_utilisation" ON "opt_runs" ("tenant_id", "is_deleted", "utilisation", "id");
CREATE INDEX "ix_opt_run_files_run" ON "opt_run_files" ("tenant_id", "is_deleted", "run_id", "id");
CREATE INDEX "ix_opt_run_files_file" ON "opt_run_files" ("tenant_id", "is_deleted", "import_file_id", "id")
`),
}, {
	// The boards of a finished run on the saw kanban: each board's channel (its book's, round
	// robin over the saw's channels) and state (0 waiting, 1 cutting, 2 done).
	ID: "optimization/0102_run_boards",
	Up: bothDialects(`
CREATE TABLE "opt_run_boards" (
	` + entityColumns + `
	"run_id" uuid NOT NULL,
	"sheet_index" INTEGER NOT NULL,
	"pattern" INTEGER NOT NULL,
	"book" INTEGER NOT NULL,
	"board_code" VARCHAR NOT NULL,
	"material" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"parts" INTEGER NOT NULL,
	"utilisation" DOUBLE PRECISION NOT NULL,
	"channel" INTEGER NOT NULL,
	"state" INTEGER NOT NULL,
	"moved_by" VARCHAR NOT NULL,
	"moved_at" TIMESTAMP,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_opt_run_boards_run" ON "opt_run_boards" ("tenant_id", "is_deleted", "run_id", "channel", "sheet_index", "id")
`),
}}
