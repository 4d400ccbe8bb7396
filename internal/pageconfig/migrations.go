package pageconfig

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
//
// page_configurations (0010): a row is a user's own columns of a route (kind user, user_id
// set), the columns of the holders of some roles (kind role, role_list a JSON array of role
// names) or the side's default of the route (kind tenant). Among live rows a route has at most
// one default per side and a user at most one row per route: unique indexes, so requests
// saving at the same moment cannot both insert (NULL tenant ids, the host, are indexed as the
// all-zero UUID). The resolution reads a route's rows through ix_page_configurations_route
// and a user's row through ix_page_configurations_user; every sortable column of the
// administrators' list has an index led by the tenant and is_deleted, then the column and id,
// then the columns the list filters on (kind, route_key).
var migrations = []db.Migration{{
	ID: "pageconfig/0001_page_configurations",
	Up: db.DDL(`
CREATE TABLE "page_configurations" (
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
	"route_key" VARCHAR NOT NULL,
	"kind" VARCHAR NOT NULL,
	"user_id" uuid,
	"config" VARCHAR NOT NULL,
	"role_list" VARCHAR NOT NULL,
	"hidden_fields" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_page_configurations_tenant_default" ON "page_configurations" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "route_key") WHERE "is_deleted" = false AND "kind" = 'tenant';
CREATE UNIQUE INDEX "ux_page_configurations_user" ON "page_configurations" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "user_id", "route_key") WHERE "is_deleted" = false AND "kind" = 'user';
CREATE INDEX "ix_page_configurations_user" ON "page_configurations" ("tenant_id", "user_id", "route_key", "is_deleted");
CREATE INDEX "ix_page_configurations_route" ON "page_configurations" ("tenant_id", "route_key", "is_deleted", "kind", "creation_time", "id");
CREATE INDEX "ix_page_configurations_sort_route_key" ON "page_configurations" ("tenant_id", "is_deleted", "route_key", "id", "kind");
CREATE INDEX "ix_page_configurations_sort_kind" ON "page_configurations" ("tenant_id", "is_deleted", "kind", "id", "route_key");
CREATE INDEX "ix_page_configurations_sort_creation_time" ON "page_configurations" ("tenant_id", "is_deleted", "creation_time", "id", "kind", "route_key");
CREATE INDEX "ix_page_configurations_sort_last_modification_time" ON "page_configurations" ("tenant_id", "is_deleted", "last_modification_time", "id", "kind", "route_key")
`, `
CREATE TABLE "page_configurations" (
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
	"route_key" VARCHAR NOT NULL,
	"kind" VARCHAR NOT NULL,
	"user_id" uuid,
	"config" VARCHAR NOT NULL,
	"role_list" VARCHAR NOT NULL,
	"hidden_fields" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_page_configurations_tenant_default" ON "page_configurations" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "route_key") WHERE "is_deleted" = false AND "kind" = 'tenant';
CREATE UNIQUE INDEX "ux_page_configurations_user" ON "page_configurations" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "user_id", "route_key") WHERE "is_deleted" = false AND "kind" = 'user';
CREATE INDEX "ix_page_configurations_user" ON "page_configurations" ("tenant_id", "user_id", "route_key", "is_deleted");
CREATE INDEX "ix_page_configurations_route" ON "page_configurations" ("tenant_id", "route_key", "is_deleted", "kind", "creation_time", "id");
CREATE INDEX "ix_page_configurations_sort_route_key" ON "page_configurations" ("tenant_id", "is_deleted", "route_key", "id", "kind");
CREATE INDEX "ix_page_configurations_sort_kind" ON "page_configurations" ("tenant_id", "is_deleted", "kind", "id", "route_key");
CREATE INDEX "ix_page_configurations_sort_creation_time" ON "page_configurations" ("tenant_id", "is_deleted", "creation_time", "id", "kind", "route_key");
CREATE INDEX "ix_page_configurations_sort_last_modification_time" ON "page_configurations" ("tenant_id", "is_deleted", "last_modification_time", "id", "kind", "route_key")
`),
}}
