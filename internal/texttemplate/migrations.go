package texttemplate

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "texttemplate/0001_contents",
	Up: db.DDL(`
CREATE TABLE "text_template_contents" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"name" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"content" text NOT NULL,
	"last_modification_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_text_template_contents_name" ON "text_template_contents" ("tenant_id", "name", "culture_name")
`, `
CREATE TABLE "text_template_contents" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"name" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"content" text NOT NULL,
	"last_modification_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_text_template_contents_name" ON "text_template_contents" ("tenant_id", "name", "culture_name")
`),
}}
