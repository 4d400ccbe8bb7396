package email

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "email/0001_messages",
	Up: db.DDL(`
CREATE TABLE "email_messages" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"job_id" BIGINT,
	"to_address" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"sent_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_email_messages_job" ON "email_messages" ("job_id");
CREATE INDEX "ix_email_messages_sort_sent_time" ON "email_messages" ("tenant_id", "sent_time", "id");
CREATE INDEX "ix_email_messages_sort_to_address" ON "email_messages" ("tenant_id", "to_address", "id");
CREATE INDEX "ix_email_messages_sort_subject" ON "email_messages" ("tenant_id", "subject", "id")
`, `
CREATE TABLE "email_messages" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"job_id" BIGINT,
	"to_address" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"sent_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_email_messages_job" ON "email_messages" ("job_id");
CREATE INDEX "ix_email_messages_sort_sent_time" ON "email_messages" ("tenant_id", "sent_time", "id");
CREATE INDEX "ix_email_messages_sort_to_address" ON "email_messages" ("tenant_id", "to_address", "id");
CREATE INDEX "ix_email_messages_sort_subject" ON "email_messages" ("tenant_id", "subject", "id")
`),
}}
