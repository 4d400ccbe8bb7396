package files

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "files/0001_files",
	Up: db.DDL(`
CREATE TABLE "file_descriptors" (
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
	"name" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" INTEGER NOT NULL,
	"kind" VARCHAR NOT NULL,
	"public_name" VARCHAR NOT NULL,
	"blob_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "file_download_tokens" (
	"token" VARCHAR NOT NULL,
	"file_id" uuid NOT NULL,
	"tenant_id" uuid,
	"expires_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("token")
);
CREATE UNIQUE INDEX "ux_file_descriptors_public_name" ON "file_descriptors" ("public_name");
CREATE INDEX "ix_file_download_tokens_expiry" ON "file_download_tokens" ("expires_at")
`, `
CREATE TABLE "file_descriptors" (
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
	"name" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" BIGINT NOT NULL,
	"kind" VARCHAR NOT NULL,
	"public_name" VARCHAR NOT NULL,
	"blob_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "file_download_tokens" (
	"token" VARCHAR NOT NULL,
	"file_id" uuid NOT NULL,
	"tenant_id" uuid,
	"expires_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("token")
);
CREATE UNIQUE INDEX "ux_file_descriptors_public_name" ON "file_descriptors" ("public_name");
CREATE INDEX "ix_file_download_tokens_expiry" ON "file_download_tokens" ("expires_at")
`),
}}
