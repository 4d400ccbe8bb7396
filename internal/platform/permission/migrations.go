package permission

import "kerf/internal/platform/db"

// Migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var Migrations = []db.Migration{{
	ID: "permission/0001_grants",
	Up: db.SameDDL(`
CREATE TABLE "permission_grants" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"name" VARCHAR NOT NULL,
	"provider_name" VARCHAR NOT NULL,
	"provider_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ux_permission_grants" ON "permission_grants" ("tenant_id", "provider_name", "provider_key", "name")
`),
}}
