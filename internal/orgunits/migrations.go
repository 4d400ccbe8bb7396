package orgunits

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: never edit or remove a
// released migration; add a new one at the end.
var migrations = []db.Migration{{
	// The units, their members and their roles. A unit's code is unique among the live units
	// of its tenant (the host indexed as the all-zero UUID, since NULLs never clash), so two
	// units created or moved at the same moment cannot take one code. The list is read in code
	// order; members and roles are found from either side.
	ID: "orgunits/0001_organization_units",
	Up: db.DDL(`
CREATE TABLE "identity_organization_units" (
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
	"parent_id" uuid,
	"code" VARCHAR NOT NULL,
	"display_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_organization_units_code" ON "identity_organization_units" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "code") WHERE "is_deleted" = false;
CREATE INDEX "ix_identity_organization_units_list" ON "identity_organization_units" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_identity_organization_units_parent" ON "identity_organization_units" ("tenant_id", "parent_id");
CREATE TABLE "identity_user_organization_units" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"organization_unit_id" uuid NOT NULL,
	PRIMARY KEY ("user_id", "organization_unit_id")
);
CREATE INDEX "ix_identity_user_organization_units_unit" ON "identity_user_organization_units" ("organization_unit_id", "user_id");
CREATE TABLE "identity_organization_unit_roles" (
	"tenant_id" uuid,
	"organization_unit_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	PRIMARY KEY ("organization_unit_id", "role_id")
);
CREATE INDEX "ix_identity_organization_unit_roles_role" ON "identity_organization_unit_roles" ("role_id", "organization_unit_id")
`, `
CREATE TABLE "identity_organization_units" (
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
	"parent_id" uuid,
	"code" VARCHAR NOT NULL,
	"display_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_organization_units_code" ON "identity_organization_units" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "code") WHERE "is_deleted" = false;
CREATE INDEX "ix_identity_organization_units_list" ON "identity_organization_units" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_identity_organization_units_parent" ON "identity_organization_units" ("tenant_id", "parent_id");
CREATE TABLE "identity_user_organization_units" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"organization_unit_id" uuid NOT NULL,
	PRIMARY KEY ("user_id", "organization_unit_id")
);
CREATE INDEX "ix_identity_user_organization_units_unit" ON "identity_user_organization_units" ("organization_unit_id", "user_id");
CREATE TABLE "identity_organization_unit_roles" (
	"tenant_id" uuid,
	"organization_unit_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	PRIMARY KEY ("organization_unit_id", "role_id")
);
CREATE INDEX "ix_identity_organization_unit_roles_role" ON "identity_organization_unit_roles" ("role_id", "organization_unit_id")
`),
}}
