package homedesign

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order; each is frozen once released.
// A plan id is unique per tenant; a user has one binding (user ids are unique across
// tenants, the index names the tenant anyway, the host as the all-zero UUID).
var migrations = []db.Migration{{
	ID: "homedesign/0001_home_design",
	Up: db.SameDDL(`
CREATE TABLE "home_design_plans" (
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
	"account" VARCHAR NOT NULL,
	"plan_id" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"design" TEXT NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_home_design_plans_account" ON "home_design_plans" ("tenant_id", "account", "name");
CREATE UNIQUE INDEX "ux_home_design_plans_plan" ON "home_design_plans" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "plan_id") WHERE "is_deleted" = false;
CREATE TABLE "home_design_accounts" (
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
	"user_id" uuid NOT NULL,
	"provider" VARCHAR NOT NULL,
	"account" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_home_design_accounts_user" ON "home_design_accounts" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "user_id") WHERE "is_deleted" = false
`),
}}
