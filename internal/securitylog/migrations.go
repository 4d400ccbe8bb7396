package securitylog

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "securitylog/0001_security_logs",
	Up: db.DDL(`
CREATE TABLE "identity_security_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"application_name" VARCHAR NOT NULL DEFAULT '',
	"identity" VARCHAR NOT NULL DEFAULT '',
	"action" VARCHAR NOT NULL DEFAULT '',
	"user_id" uuid,
	"user_name" VARCHAR NOT NULL DEFAULT '',
	"tenant_name" VARCHAR NOT NULL DEFAULT '',
	"client_id" VARCHAR NOT NULL DEFAULT '',
	"correlation_id" VARCHAR NOT NULL DEFAULT '',
	"client_ip_address" VARCHAR NOT NULL DEFAULT '',
	"browser_info" VARCHAR NOT NULL DEFAULT '',
	"creation_time" TIMESTAMP NOT NULL,
	"extra_properties" text,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_identity_security_logs_time" ON "identity_security_logs" ("tenant_id", "creation_time");
CREATE INDEX "ix_identity_security_logs_user" ON "identity_security_logs" ("tenant_id", "user_id")
`, `
CREATE TABLE "identity_security_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"application_name" VARCHAR NOT NULL DEFAULT '',
	"identity" VARCHAR NOT NULL DEFAULT '',
	"action" VARCHAR NOT NULL DEFAULT '',
	"user_id" uuid,
	"user_name" VARCHAR NOT NULL DEFAULT '',
	"tenant_name" VARCHAR NOT NULL DEFAULT '',
	"client_id" VARCHAR NOT NULL DEFAULT '',
	"correlation_id" VARCHAR NOT NULL DEFAULT '',
	"client_ip_address" VARCHAR NOT NULL DEFAULT '',
	"browser_info" VARCHAR NOT NULL DEFAULT '',
	"creation_time" TIMESTAMPTZ NOT NULL,
	"extra_properties" text,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_identity_security_logs_time" ON "identity_security_logs" ("tenant_id", "creation_time");
CREATE INDEX "ix_identity_security_logs_user" ON "identity_security_logs" ("tenant_id", "user_id")
`),
}, {
	// Every sortable column of the security log list has an index led by the tenant, then
	// the sort column and id (the tie-break), so a page never sorts the whole log;
	// creation_time (the default order) already has ix_identity_security_logs_time.
	ID: "securitylog/0002_list_sort_indexes",
	Up: db.SameDDL(`
CREATE INDEX "ix_identity_security_logs_sort_action" ON "identity_security_logs" ("tenant_id", "action", "id");
CREATE INDEX "ix_identity_security_logs_sort_user_name" ON "identity_security_logs" ("tenant_id", "user_name", "id");
CREATE INDEX "ix_identity_security_logs_sort_client_id" ON "identity_security_logs" ("tenant_id", "client_id", "id");
CREATE INDEX "ix_identity_security_logs_sort_identity" ON "identity_security_logs" ("tenant_id", "identity", "id");
CREATE INDEX "ix_identity_security_logs_sort_application_name" ON "identity_security_logs" ("tenant_id", "application_name", "id");
CREATE INDEX "ix_identity_security_logs_sort_client_ip_address" ON "identity_security_logs" ("tenant_id", "client_ip_address", "id");
CREATE INDEX "ix_identity_security_logs_sort_tenant_name" ON "identity_security_logs" ("tenant_id", "tenant_name", "id")
`),
}}
