package audit

import "kerf/internal/platform/db"

// Migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var Migrations = []db.Migration{{
	ID: "audit/0001_audit_logs",
	Up: db.DDL(`
CREATE TABLE "audit_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"tenant_name" VARCHAR,
	"user_id" uuid,
	"user_name" VARCHAR,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"client_id" VARCHAR,
	"execution_time" TIMESTAMP NOT NULL,
	"execution_duration" INTEGER NOT NULL,
	"client_ip_address" VARCHAR,
	"browser_info" VARCHAR,
	"http_method" VARCHAR,
	"url" VARCHAR,
	"http_status_code" INTEGER,
	"exceptions" VARCHAR,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_logs_time" ON "audit_logs" ("tenant_id", "execution_time")
`, `
CREATE TABLE "audit_logs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"tenant_name" VARCHAR,
	"user_id" uuid,
	"user_name" VARCHAR,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"client_id" VARCHAR,
	"execution_time" TIMESTAMPTZ NOT NULL,
	"execution_duration" BIGINT NOT NULL,
	"client_ip_address" VARCHAR,
	"browser_info" VARCHAR,
	"http_method" VARCHAR,
	"url" VARCHAR,
	"http_status_code" BIGINT,
	"exceptions" VARCHAR,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_logs_time" ON "audit_logs" ("tenant_id", "execution_time")
`),
}, {
	// ABP's application name and correlation id on every log; the operation each request ran
	// (audit_log_actions) and the entity changes of its writes (audit_log_entity_changes,
	// audit_log_property_changes). Indexes: every sortable column of the lists led by the
	// tenant, then the column and id (the tie-break); an entity's history by type, id and
	// time; a log's actions and changes by its id; a change's properties by its id; and the
	// time alone on each table, for the retention that deletes across tenants.
	ID: "audit/0002_entity_changes_and_actions",
	Up: db.DDL(`
ALTER TABLE "audit_logs" ADD COLUMN "application_name" VARCHAR NOT NULL DEFAULT '';
ALTER TABLE "audit_logs" ADD COLUMN "correlation_id" VARCHAR NOT NULL DEFAULT '';
DROP INDEX "ix_audit_logs_time";
CREATE INDEX "ix_audit_logs_sort_execution_time" ON "audit_logs" ("tenant_id", "execution_time", "id");
CREATE INDEX "ix_audit_logs_sort_execution_duration" ON "audit_logs" ("tenant_id", "execution_duration", "id");
CREATE INDEX "ix_audit_logs_sort_http_status_code" ON "audit_logs" ("tenant_id", "http_status_code", "id");
CREATE INDEX "ix_audit_logs_sort_user_name" ON "audit_logs" ("tenant_id", "user_name", "id");
CREATE INDEX "ix_audit_logs_retention" ON "audit_logs" ("execution_time");
CREATE TABLE "audit_log_actions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"audit_log_id" uuid NOT NULL,
	"service_name" VARCHAR NOT NULL,
	"method_name" VARCHAR NOT NULL,
	"parameters" VARCHAR NOT NULL,
	"execution_time" TIMESTAMP NOT NULL,
	"execution_duration" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_actions_log" ON "audit_log_actions" ("audit_log_id");
CREATE INDEX "ix_audit_log_actions_retention" ON "audit_log_actions" ("execution_time");
CREATE TABLE "audit_log_entity_changes" (
	"id" uuid NOT NULL,
	"audit_log_id" uuid,
	"tenant_id" uuid,
	"change_time" TIMESTAMP NOT NULL,
	"change_type" INTEGER NOT NULL,
	"entity_id" uuid NOT NULL,
	"entity_type_full_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_entity_changes_sort_change_time" ON "audit_log_entity_changes" ("tenant_id", "change_time", "id");
CREATE INDEX "ix_audit_log_entity_changes_sort_change_type" ON "audit_log_entity_changes" ("tenant_id", "change_type", "id");
CREATE INDEX "ix_audit_log_entity_changes_entity" ON "audit_log_entity_changes" ("tenant_id", "entity_type_full_name", "entity_id", "change_time");
CREATE INDEX "ix_audit_log_entity_changes_log" ON "audit_log_entity_changes" ("audit_log_id");
CREATE INDEX "ix_audit_log_entity_changes_retention" ON "audit_log_entity_changes" ("change_time");
CREATE TABLE "audit_log_property_changes" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"entity_change_id" uuid NOT NULL,
	"property_name" VARCHAR NOT NULL,
	"property_type_full_name" VARCHAR NOT NULL,
	"original_value" VARCHAR,
	"new_value" VARCHAR,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_property_changes_change" ON "audit_log_property_changes" ("entity_change_id")
`, `
ALTER TABLE "audit_logs" ADD COLUMN "application_name" VARCHAR NOT NULL DEFAULT '';
ALTER TABLE "audit_logs" ADD COLUMN "correlation_id" VARCHAR NOT NULL DEFAULT '';
DROP INDEX "ix_audit_logs_time";
CREATE INDEX "ix_audit_logs_sort_execution_time" ON "audit_logs" ("tenant_id", "execution_time", "id");
CREATE INDEX "ix_audit_logs_sort_execution_duration" ON "audit_logs" ("tenant_id", "execution_duration", "id");
CREATE INDEX "ix_audit_logs_sort_http_status_code" ON "audit_logs" ("tenant_id", "http_status_code", "id");
CREATE INDEX "ix_audit_logs_sort_user_name" ON "audit_logs" ("tenant_id", "user_name", "id");
CREATE INDEX "ix_audit_logs_retention" ON "audit_logs" ("execution_time");
CREATE TABLE "audit_log_actions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"audit_log_id" uuid NOT NULL,
	"service_name" VARCHAR NOT NULL,
	"method_name" VARCHAR NOT NULL,
	"parameters" VARCHAR NOT NULL,
	"execution_time" TIMESTAMPTZ NOT NULL,
	"execution_duration" BIGINT NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_actions_log" ON "audit_log_actions" ("audit_log_id");
CREATE INDEX "ix_audit_log_actions_retention" ON "audit_log_actions" ("execution_time");
CREATE TABLE "audit_log_entity_changes" (
	"id" uuid NOT NULL,
	"audit_log_id" uuid,
	"tenant_id" uuid,
	"change_time" TIMESTAMPTZ NOT NULL,
	"change_type" BIGINT NOT NULL,
	"entity_id" uuid NOT NULL,
	"entity_type_full_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_entity_changes_sort_change_time" ON "audit_log_entity_changes" ("tenant_id", "change_time", "id");
CREATE INDEX "ix_audit_log_entity_changes_sort_change_type" ON "audit_log_entity_changes" ("tenant_id", "change_type", "id");
CREATE INDEX "ix_audit_log_entity_changes_entity" ON "audit_log_entity_changes" ("tenant_id", "entity_type_full_name", "entity_id", "change_time");
CREATE INDEX "ix_audit_log_entity_changes_log" ON "audit_log_entity_changes" ("audit_log_id");
CREATE INDEX "ix_audit_log_entity_changes_retention" ON "audit_log_entity_changes" ("change_time");
CREATE TABLE "audit_log_property_changes" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"entity_change_id" uuid NOT NULL,
	"property_name" VARCHAR NOT NULL,
	"property_type_full_name" VARCHAR NOT NULL,
	"original_value" VARCHAR,
	"new_value" VARCHAR,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_log_property_changes_change" ON "audit_log_property_changes" ("entity_change_id")
`),
}}
