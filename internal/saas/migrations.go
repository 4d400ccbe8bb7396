package saas

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end. (saas_tenants is the identity area's.)
var migrations = []db.Migration{{
	// Editions: host rows; display names unique among live rows without regard to case.
	ID: "saas/0001_editions",
	Up: db.DDL(`
CREATE TABLE "saas_editions" (
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
	"display_name" VARCHAR NOT NULL,
	"normalized_display_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_saas_editions_name" ON "saas_editions" ("normalized_display_name") WHERE "is_deleted" = false
`, `
CREATE TABLE "saas_editions" (
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
	"display_name" VARCHAR NOT NULL,
	"normalized_display_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_saas_editions_name" ON "saas_editions" ("normalized_display_name") WHERE "is_deleted" = false
`),
}}
