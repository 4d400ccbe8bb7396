package language

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: never edit or remove a
// released migration; add a new one at the end.
var migrations = []db.Migration{{
	// The languages and the text overrides. Both tables are host-level: they have no tenant_id
	// column, so platform/db's scope adds no tenant filter (every tenant reads the same
	// languages and texts) and only host users are granted the permissions that write them.
	// A culture is offered once; one text of one resource in one culture is overridden once.
	// The overrides are read whole, per culture, into each replica's cache.
	ID: "language/0001_languages_and_texts",
	Up: db.DDL(`
CREATE TABLE "lang_languages" (
	"id" uuid NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	"last_modification_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"ui_culture_name" VARCHAR NOT NULL,
	"display_name" VARCHAR NOT NULL,
	"flag_icon" VARCHAR NOT NULL DEFAULT '',
	"is_enabled" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_lang_languages_culture" ON "lang_languages" ("culture_name");
CREATE TABLE "lang_texts" (
	"id" uuid NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	"last_modification_time" TIMESTAMP,
	"resource_name" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"value" TEXT NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_lang_texts" ON "lang_texts" ("culture_name", "resource_name", "name")
`, `
CREATE TABLE "lang_languages" (
	"id" uuid NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	"last_modification_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"ui_culture_name" VARCHAR NOT NULL,
	"display_name" VARCHAR NOT NULL,
	"flag_icon" VARCHAR NOT NULL DEFAULT '',
	"is_enabled" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_lang_languages_culture" ON "lang_languages" ("culture_name");
CREATE TABLE "lang_texts" (
	"id" uuid NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	"last_modification_time" TIMESTAMP,
	"resource_name" VARCHAR NOT NULL,
	"culture_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"value" TEXT NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_lang_texts" ON "lang_texts" ("culture_name", "resource_name", "name")
`),
}}
