package tenantdb

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	ID: "tenantdb/0001_connection_strings",
	Up: db.DDL(`
CREATE TABLE "saas_tenant_connection_strings" (
	"id" uuid NOT NULL,
	"owner_tenant_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"active" BOOLEAN NOT NULL DEFAULT false,
	"creation_time" TIMESTAMP NOT NULL,
	"last_modification_time" TIMESTAMP,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_saas_tenant_connection_strings_name" ON "saas_tenant_connection_strings" ("owner_tenant_id", "name")
`, `
CREATE TABLE "saas_tenant_connection_strings" (
	"id" uuid NOT NULL,
	"owner_tenant_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"active" BOOLEAN NOT NULL DEFAULT false,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"last_modification_time" TIMESTAMPTZ,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_saas_tenant_connection_strings_name" ON "saas_tenant_connection_strings" ("owner_tenant_id", "name")
`),
}}
