package datadictionary

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	// The dictionaries of each side and their details.
	//   - A dictionary's code is unique among the live dictionaries of its side, without regard
	//     to case (codes are ASCII, so lower() agrees on both databases); the host is indexed as
	//     the all-zero UUID, since NULLs never clash in a unique index.
	//   - A detail's code is unique among the live details of its dictionary, without regard to
	//     case, and a dictionary has at most one live default detail (a partial unique index:
	//     two requests setting a default at the same moment cannot both win).
	//   - Every sortable column of the two lists has an index led by the tenant and is_deleted
	//     (the lists' filter), then the column and id (the tie-break); details are listed per
	//     dictionary, so their indexes hold the dictionary next. The choices of a dictionary
	//     (enabled details by order, then label) are read from ix_data_dictionary_details_choices.
	ID: "datadictionary/0001_data_dictionaries",
	Up: db.DDL(`
CREATE TABLE "data_dictionaries" (
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
	"display_name" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL,
	"is_static" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "data_dictionary_details" (
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
	"data_dictionary_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"label" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_data_dictionaries_code" ON "data_dictionaries" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_data_dictionary_details_code" ON "data_dictionary_details" ("data_dictionary_id", lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_data_dictionary_details_default" ON "data_dictionary_details" ("data_dictionary_id") WHERE "is_deleted" = false AND "is_default" = true;
CREATE INDEX "ix_data_dictionaries_sort_id" ON "data_dictionaries" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_data_dictionaries_sort_code" ON "data_dictionaries" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_data_dictionaries_sort_display_name" ON "data_dictionaries" ("tenant_id", "is_deleted", "display_name", "id");
CREATE INDEX "ix_data_dictionaries_sort_description" ON "data_dictionaries" ("tenant_id", "is_deleted", "description", "id");
CREATE INDEX "ix_data_dictionaries_sort_is_static" ON "data_dictionaries" ("tenant_id", "is_deleted", "is_static", "id");
CREATE INDEX "ix_data_dictionaries_sort_creation_time" ON "data_dictionaries" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_data_dictionary_details_choices" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "sort_order", "label", "id", "is_enable");
CREATE INDEX "ix_data_dictionary_details_sort_order" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "sort_order", "id");
CREATE INDEX "ix_data_dictionary_details_sort_code" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "code", "id");
CREATE INDEX "ix_data_dictionary_details_sort_label" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "label", "id");
CREATE INDEX "ix_data_dictionary_details_sort_value" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "value", "id");
CREATE INDEX "ix_data_dictionary_details_sort_is_enable" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "is_enable", "id");
CREATE INDEX "ix_data_dictionary_details_sort_is_default" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "is_default", "id");
CREATE INDEX "ix_data_dictionary_details_sort_creation_time" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "creation_time", "id")
`, `
CREATE TABLE "data_dictionaries" (
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
	"display_name" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL,
	"is_static" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "data_dictionary_details" (
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
	"data_dictionary_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"label" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_data_dictionaries_code" ON "data_dictionaries" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_data_dictionary_details_code" ON "data_dictionary_details" ("data_dictionary_id", lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_data_dictionary_details_default" ON "data_dictionary_details" ("data_dictionary_id") WHERE "is_deleted" = false AND "is_default" = true;
CREATE INDEX "ix_data_dictionaries_sort_id" ON "data_dictionaries" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_data_dictionaries_sort_code" ON "data_dictionaries" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_data_dictionaries_sort_display_name" ON "data_dictionaries" ("tenant_id", "is_deleted", "display_name", "id");
CREATE INDEX "ix_data_dictionaries_sort_description" ON "data_dictionaries" ("tenant_id", "is_deleted", "description", "id");
CREATE INDEX "ix_data_dictionaries_sort_is_static" ON "data_dictionaries" ("tenant_id", "is_deleted", "is_static", "id");
CREATE INDEX "ix_data_dictionaries_sort_creation_time" ON "data_dictionaries" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_data_dictionary_details_choices" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "sort_order", "label", "id", "is_enable");
CREATE INDEX "ix_data_dictionary_details_sort_order" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "sort_order", "id");
CREATE INDEX "ix_data_dictionary_details_sort_code" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "code", "id");
CREATE INDEX "ix_data_dictionary_details_sort_label" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "label", "id");
CREATE INDEX "ix_data_dictionary_details_sort_value" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "value", "id");
CREATE INDEX "ix_data_dictionary_details_sort_is_enable" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "is_enable", "id");
CREATE INDEX "ix_data_dictionary_details_sort_is_default" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "is_default", "id");
CREATE INDEX "ix_data_dictionary_details_sort_creation_time" ON "data_dictionary_details" ("tenant_id", "is_deleted", "data_dictionary_id", "creation_time", "id")
`),
}}
