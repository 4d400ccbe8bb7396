package permissions

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "permissions/0001_page_grants",
	Up: db.SameDDL(`
CREATE TABLE "permission_page_grants" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"provider_name" VARCHAR NOT NULL,
	"provider_key" VARCHAR NOT NULL,
	"route_key" VARCHAR NOT NULL,
	"action" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_permission_page_grants" ON "permission_page_grants" ("tenant_id", "route_key", "provider_name", "provider_key")
`),
}}
