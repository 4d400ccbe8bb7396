package ratelimit

import "kerf/internal/platform/db"

// Migrations are the limiter's schema changes, in order (the app applies them with the
// platform's). Each is frozen: the statements it ran when it was released, written out per
// dialect. Never edit or remove a released migration; add a new one at the end.
var Migrations = []db.Migration{{
	ID: "ratelimit/0101_buckets",
	Up: db.DDL(`
CREATE TABLE "ratelimit_buckets" (
	"name" VARCHAR NOT NULL,
	"key" VARCHAR NOT NULL,
	"tokens" REAL NOT NULL,
	"updated_ms" INTEGER NOT NULL,
	"allowed" BOOLEAN NOT NULL,
	PRIMARY KEY ("name", "key")
);
CREATE INDEX "ix_ratelimit_buckets_updated" ON "ratelimit_buckets" ("name", "updated_ms")
`, `
CREATE TABLE "ratelimit_buckets" (
	"name" VARCHAR NOT NULL,
	"key" VARCHAR NOT NULL,
	"tokens" DOUBLE PRECISION NOT NULL,
	"updated_ms" BIGINT NOT NULL,
	"allowed" BOOLEAN NOT NULL,
	PRIMARY KEY ("name", "key")
);
CREATE INDEX "ix_ratelimit_buckets_updated" ON "ratelimit_buckets" ("name", "updated_ms")
`),
}}
