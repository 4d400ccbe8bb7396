package feature

import "kerf/internal/platform/db"

// Migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var Migrations = []db.Migration{{
	ID: "feature/0001_values",
	Up: db.SameDDL(`
CREATE TABLE "feature_values" (
	"id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"provider_name" VARCHAR NOT NULL,
	"provider_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_feature_values" ON "feature_values" ("provider_name", "provider_key", "name")
`),
}}
