package warehouse

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	// Factories, storehouse rows, shelves, bins, stock items and their log (decision 0013).
	//   - Factory, shelf and bin codes are unique among the tenant's live rows, without regard
	//     to case (a bin's code is "{shelf}-{level}-{position}").
	//   - A stock item is found by its kind, material, thickness, size and bin
	//     (ix_wh_stock_items_match); on_hand never drops below zero, a logged quantity is
	//     never zero (CHECK), whatever the code does.
	//   - Every sortable column of the two lists (get-stock-data, the log) has an index led by
	//     the tenant and is_deleted, then the column and id (the tie-break).
	ID: "warehouse/0001_warehouse",
	Up: db.DDL(`
CREATE TABLE "wh_factories" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"address" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_rows" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"factory_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_shelves" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"row_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"storage_type" INTEGER NOT NULL,
	"levels" INTEGER NOT NULL,
	"bins_per_level" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_bins" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"shelf_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"level" INTEGER NOT NULL,
	"position" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_stock_items" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"kind" INTEGER NOT NULL,
	"material_code" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"bin_id" uuid,
	"bin_code" VARCHAR NOT NULL,
	"on_hand" INTEGER NOT NULL CHECK ("on_hand" >= 0),
	"plan_no" VARCHAR NOT NULL,
	"factory_id" uuid,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_stock_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" INTEGER NOT NULL,
	"material_code" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"bin_code" VARCHAR NOT NULL,
	"direction" INTEGER NOT NULL,
	"quantity" INTEGER NOT NULL CHECK ("quantity" > 0),
	"plan_no" VARCHAR NOT NULL,
	"reason" VARCHAR NOT NULL,
	"operator_name" VARCHAR NOT NULL,
	"booked_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wh_factories_code" ON "wh_factories" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_wh_shelves_code" ON "wh_shelves" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_wh_bins_code" ON "wh_bins" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE INDEX "ix_wh_rows_factory" ON "wh_rows" ("tenant_id", "is_deleted", "factory_id", "sort", "code");
CREATE INDEX "ix_wh_shelves_row" ON "wh_shelves" ("tenant_id", "is_deleted", "row_id", "code");
CREATE INDEX "ix_wh_bins_shelf" ON "wh_bins" ("tenant_id", "is_deleted", "shelf_id", "level", "position");
CREATE INDEX "ix_wh_stock_items_match" ON "wh_stock_items" ("tenant_id", "is_deleted", "material_code", "thickness", "kind", "length", "width", "bin_code");
CREATE INDEX "ix_wh_stock_items_bin" ON "wh_stock_items" ("tenant_id", "is_deleted", "bin_id", "on_hand");
CREATE INDEX "ix_wh_stock_items_sort_id" ON "wh_stock_items" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_wh_stock_items_sort_creation_time" ON "wh_stock_items" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_wh_stock_items_sort_material_code" ON "wh_stock_items" ("tenant_id", "is_deleted", "material_code", "id");
CREATE INDEX "ix_wh_stock_items_sort_thickness" ON "wh_stock_items" ("tenant_id", "is_deleted", "thickness", "id");
CREATE INDEX "ix_wh_stock_items_sort_length" ON "wh_stock_items" ("tenant_id", "is_deleted", "length", "id");
CREATE INDEX "ix_wh_stock_items_sort_width" ON "wh_stock_items" ("tenant_id", "is_deleted", "width", "id");
CREATE INDEX "ix_wh_stock_items_sort_bin_code" ON "wh_stock_items" ("tenant_id", "is_deleted", "bin_code", "id");
CREATE INDEX "ix_wh_stock_items_sort_on_hand" ON "wh_stock_items" ("tenant_id", "is_deleted", "on_hand", "id");
CREATE INDEX "ix_wh_stock_items_sort_plan_no" ON "wh_stock_items" ("tenant_id", "is_deleted", "plan_no", "id");
CREATE INDEX "ix_wh_stock_items_sort_kind" ON "wh_stock_items" ("tenant_id", "is_deleted", "kind", "id");
CREATE INDEX "ix_wh_stock_logs_item" ON "wh_stock_logs" ("tenant_id", "is_deleted", "item_id");
CREATE INDEX "ix_wh_stock_logs_sort_id" ON "wh_stock_logs" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_wh_stock_logs_sort_booked_at" ON "wh_stock_logs" ("tenant_id", "is_deleted", "booked_at", "id");
CREATE INDEX "ix_wh_stock_logs_sort_material_code" ON "wh_stock_logs" ("tenant_id", "is_deleted", "material_code", "id");
CREATE INDEX "ix_wh_stock_logs_sort_quantity" ON "wh_stock_logs" ("tenant_id", "is_deleted", "quantity", "id");
CREATE INDEX "ix_wh_stock_logs_sort_plan_no" ON "wh_stock_logs" ("tenant_id", "is_deleted", "plan_no", "id");
CREATE INDEX "ix_wh_stock_logs_sort_bin_code" ON "wh_stock_logs" ("tenant_id", "is_deleted", "bin_code", "id")
`, `
CREATE TABLE "wh_factories" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"address" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_rows" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"factory_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_shelves" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"row_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"storage_type" INTEGER NOT NULL,
	"levels" INTEGER NOT NULL,
	"bins_per_level" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_bins" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"shelf_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"level" INTEGER NOT NULL,
	"position" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_stock_items" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"kind" INTEGER NOT NULL,
	"material_code" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"bin_id" uuid,
	"bin_code" VARCHAR NOT NULL,
	"on_hand" INTEGER NOT NULL CHECK ("on_hand" >= 0),
	"plan_no" VARCHAR NOT NULL,
	"factory_id" uuid,
	PRIMARY KEY ("id")
);
CREATE TABLE "wh_stock_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" INTEGER NOT NULL,
	"material_code" VARCHAR NOT NULL,
	"thickness" DOUBLE PRECISION NOT NULL,
	"length" DOUBLE PRECISION NOT NULL,
	"width" DOUBLE PRECISION NOT NULL,
	"bin_code" VARCHAR NOT NULL,
	"direction" INTEGER NOT NULL,
	"quantity" INTEGER NOT NULL CHECK ("quantity" > 0),
	"plan_no" VARCHAR NOT NULL,
	"reason" VARCHAR NOT NULL,
	"operator_name" VARCHAR NOT NULL,
	"booked_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wh_factories_code" ON "wh_factories" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_wh_shelves_code" ON "wh_shelves" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_wh_bins_code" ON "wh_bins" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE INDEX "ix_wh_rows_factory" ON "wh_rows" ("tenant_id", "is_deleted", "factory_id", "sort", "code");
CREATE INDEX "ix_wh_shelves_row" ON "wh_shelves" ("tenant_id", "is_deleted", "row_id", "code");
CREATE INDEX "ix_wh_bins_shelf" ON "wh_bins" ("tenant_id", "is_deleted", "shelf_id", "level", "position");
CREATE INDEX "ix_wh_stock_items_match" ON "wh_stock_items" ("tenant_id", "is_deleted", "material_code", "thickness", "kind", "length", "width", "bin_code");
CREATE INDEX "ix_wh_stock_items_bin" ON "wh_stock_items" ("tenant_id", "is_deleted", "bin_id", "on_hand");
CREATE INDEX "ix_wh_stock_items_sort_id" ON "wh_stock_items" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_wh_stock_items_sort_creation_time" ON "wh_stock_items" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_wh_stock_items_sort_material_code" ON "wh_stock_items" ("tenant_id", "is_deleted", "material_code", "id");
CREATE INDEX "ix_wh_stock_items_sort_thickness" ON "wh_stock_items" ("tenant_id", "is_deleted", "thickness", "id");
CREATE INDEX "ix_wh_stock_items_sort_length" ON "wh_stock_items" ("tenant_id", "is_deleted", "length", "id");
CREATE INDEX "ix_wh_stock_items_sort_width" ON "wh_stock_items" ("tenant_id", "is_deleted", "width", "id");
CREATE INDEX "ix_wh_stock_items_sort_bin_code" ON "wh_stock_items" ("tenant_id", "is_deleted", "bin_code", "id");
CREATE INDEX "ix_wh_stock_items_sort_on_hand" ON "wh_stock_items" ("tenant_id", "is_deleted", "on_hand", "id");
CREATE INDEX "ix_wh_stock_items_sort_plan_no" ON "wh_stock_items" ("tenant_id", "is_deleted", "plan_no", "id");
CREATE INDEX "ix_wh_stock_items_sort_kind" ON "wh_stock_items" ("tenant_id", "is_deleted", "kind", "id");
CREATE INDEX "ix_wh_stock_logs_item" ON "wh_stock_logs" ("tenant_id", "is_deleted", "item_id");
CREATE INDEX "ix_wh_stock_logs_sort_id" ON "wh_stock_logs" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_wh_stock_logs_sort_booked_at" ON "wh_stock_logs" ("tenant_id", "is_deleted", "booked_at", "id");
CREATE INDEX "ix_wh_stock_logs_sort_material_code" ON "wh_stock_logs" ("tenant_id", "is_deleted", "material_code", "id");
CREATE INDEX "ix_wh_stock_logs_sort_quantity" ON "wh_stock_logs" ("tenant_id", "is_deleted", "quantity", "id");
CREATE INDEX "ix_wh_stock_logs_sort_plan_no" ON "wh_stock_logs" ("tenant_id", "is_deleted", "plan_no", "id");
CREATE INDEX "ix_wh_stock_logs_sort_bin_code" ON "wh_stock_logs" ("tenant_id", "is_deleted", "bin_code", "id")
`),
}}
