package menus

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
//
// Menu names are unique over every row, deleted ones included: a deleted module entry
// keeps its name so the sync knows not to bring it back (ux_menus_name).
var migrations = []db.Migration{{
	ID: "menus/0001_menus",
	Up: db.DDL(`
CREATE TABLE "menus" (
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
	"parent_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"path" VARCHAR NOT NULL DEFAULT '',
	"component" VARCHAR NOT NULL DEFAULT '',
	"icon" VARCHAR NOT NULL DEFAULT '',
	"sort_order" INTEGER NOT NULL DEFAULT 0,
	"permission" VARCHAR NOT NULL DEFAULT '',
	"hidden" BOOLEAN NOT NULL DEFAULT false,
	"display_name_zh_hans" VARCHAR NOT NULL DEFAULT '',
	"display_name_en" VARCHAR NOT NULL DEFAULT '',
	"active_menu" VARCHAR NOT NULL DEFAULT '',
	"no_cache" BOOLEAN NOT NULL DEFAULT false,
	"affix" BOOLEAN NOT NULL DEFAULT false,
	"is_external" BOOLEAN NOT NULL DEFAULT false,
	"host_only" BOOLEAN NOT NULL DEFAULT false,
	"multi_tenancy_only" BOOLEAN NOT NULL DEFAULT false,
	"customized" BOOLEAN NOT NULL DEFAULT false,
	"seed_hash" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_menus_name" ON "menus" ("name");
CREATE INDEX "ix_menus_parent" ON "menus" ("parent_id")
`, `
CREATE TABLE "menus" (
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
	"parent_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"path" VARCHAR NOT NULL DEFAULT '',
	"component" VARCHAR NOT NULL DEFAULT '',
	"icon" VARCHAR NOT NULL DEFAULT '',
	"sort_order" BIGINT NOT NULL DEFAULT 0,
	"permission" VARCHAR NOT NULL DEFAULT '',
	"hidden" BOOLEAN NOT NULL DEFAULT false,
	"display_name_zh_hans" VARCHAR NOT NULL DEFAULT '',
	"display_name_en" VARCHAR NOT NULL DEFAULT '',
	"active_menu" VARCHAR NOT NULL DEFAULT '',
	"no_cache" BOOLEAN NOT NULL DEFAULT false,
	"affix" BOOLEAN NOT NULL DEFAULT false,
	"is_external" BOOLEAN NOT NULL DEFAULT false,
	"host_only" BOOLEAN NOT NULL DEFAULT false,
	"multi_tenancy_only" BOOLEAN NOT NULL DEFAULT false,
	"customized" BOOLEAN NOT NULL DEFAULT false,
	"seed_hash" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_menus_name" ON "menus" ("name");
CREATE INDEX "ix_menus_parent" ON "menus" ("parent_id")
`),
}, {
	// Every sortable column of the menu list has an index that gives the list's order
	// without sorting: led by the tenant and is_deleted (the list's filter), then the sort
	// column and id (the tie-break); the default order is sort_order, then name.
	ID: "menus/0002_list_sort_indexes",
	Up: db.SameDDL(`
CREATE INDEX "ix_menus_sort_default" ON "menus" ("tenant_id", "is_deleted", "sort_order", "name");
CREATE INDEX "ix_menus_sort_name" ON "menus" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_menus_sort_path" ON "menus" ("tenant_id", "is_deleted", "path", "id");
CREATE INDEX "ix_menus_sort_component" ON "menus" ("tenant_id", "is_deleted", "component", "id");
CREATE INDEX "ix_menus_sort_display_name_zh_hans" ON "menus" ("tenant_id", "is_deleted", "display_name_zh_hans", "id");
CREATE INDEX "ix_menus_sort_display_name_en" ON "menus" ("tenant_id", "is_deleted", "display_name_en", "id");
CREATE INDEX "ix_menus_sort_creation_time" ON "menus" ("tenant_id", "is_deleted", "creation_time", "id")
`),
}}
