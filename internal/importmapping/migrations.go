package importmapping

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it
// ran when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
//
// Rules (mapping_rules, rules) are JSON text, checked by the service before they are
// stored. One default per module type (rule mappings) and one default split mapping per
// tenant are held by partial unique indexes over live rows (the host's tenant_id is NULL,
// hence the COALESCE). Every sortable column of the lists has an index led by the tenant
// and is_deleted, then the column and id, then the columns the lists filter on.
var migrations = []db.Migration{{
	ID: "importmapping/0001_mappings",
	Up: db.DDL(`
CREATE TABLE "import_rule_mappings" (
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
	"name" VARCHAR NOT NULL,
	"module_type" INTEGER NOT NULL,
	"import_file_type" INTEGER NOT NULL,
	"import_file_encoding" INTEGER NOT NULL,
	"read_rows" INTEGER NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"mapping_rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "form_field_mappings" (
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
	"name" VARCHAR NOT NULL,
	"mapping_type" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"mapping_rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "import_split_mappings" (
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
	"name" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"default_line_type" VARCHAR NOT NULL,
	"rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_import_rule_mappings_default" ON "import_rule_mappings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "module_type") WHERE "is_default" = true AND "is_deleted" = false;
CREATE UNIQUE INDEX "ux_import_split_mappings_default" ON "import_split_mappings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_import_rule_mappings_sort_id" ON "import_rule_mappings" ("tenant_id", "is_deleted", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_name" ON "import_rule_mappings" ("tenant_id", "is_deleted", "name", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_module_type" ON "import_rule_mappings" ("tenant_id", "is_deleted", "module_type", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_creation_time" ON "import_rule_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_form_field_mappings_sort_id" ON "form_field_mappings" ("tenant_id", "is_deleted", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_name" ON "form_field_mappings" ("tenant_id", "is_deleted", "name", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_mapping_type" ON "form_field_mappings" ("tenant_id", "is_deleted", "mapping_type", "id", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_creation_time" ON "form_field_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_import_split_mappings_sort_id" ON "import_split_mappings" ("tenant_id", "is_deleted", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_split_mappings_sort_name" ON "import_split_mappings" ("tenant_id", "is_deleted", "name", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_split_mappings_sort_creation_time" ON "import_split_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "is_enable", "is_default")
`, `
CREATE TABLE "import_rule_mappings" (
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
	"name" VARCHAR NOT NULL,
	"module_type" INTEGER NOT NULL,
	"import_file_type" INTEGER NOT NULL,
	"import_file_encoding" INTEGER NOT NULL,
	"read_rows" INTEGER NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"mapping_rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "form_field_mappings" (
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
	"name" VARCHAR NOT NULL,
	"mapping_type" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"mapping_rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "import_split_mappings" (
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
	"name" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"description" VARCHAR NOT NULL,
	"default_line_type" VARCHAR NOT NULL,
	"rules" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_import_rule_mappings_default" ON "import_rule_mappings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "module_type") WHERE "is_default" = true AND "is_deleted" = false;
CREATE UNIQUE INDEX "ux_import_split_mappings_default" ON "import_split_mappings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_import_rule_mappings_sort_id" ON "import_rule_mappings" ("tenant_id", "is_deleted", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_name" ON "import_rule_mappings" ("tenant_id", "is_deleted", "name", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_module_type" ON "import_rule_mappings" ("tenant_id", "is_deleted", "module_type", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_rule_mappings_sort_creation_time" ON "import_rule_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "module_type", "is_enable", "is_default");
CREATE INDEX "ix_form_field_mappings_sort_id" ON "form_field_mappings" ("tenant_id", "is_deleted", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_name" ON "form_field_mappings" ("tenant_id", "is_deleted", "name", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_mapping_type" ON "form_field_mappings" ("tenant_id", "is_deleted", "mapping_type", "id", "is_enable");
CREATE INDEX "ix_form_field_mappings_sort_creation_time" ON "form_field_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "mapping_type", "is_enable");
CREATE INDEX "ix_import_split_mappings_sort_id" ON "import_split_mappings" ("tenant_id", "is_deleted", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_split_mappings_sort_name" ON "import_split_mappings" ("tenant_id", "is_deleted", "name", "id", "is_enable", "is_default");
CREATE INDEX "ix_import_split_mappings_sort_creation_time" ON "import_split_mappings" ("tenant_id", "is_deleted", "creation_time", "id", "is_enable", "is_default")
`),
}}
