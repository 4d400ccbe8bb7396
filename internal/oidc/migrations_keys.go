package oidc

import "kerf/internal/platform/db"

// keysMigrations hold the token signing keys and the HMAC secret of refresh tokens and codes
// in the database (encrypted, see secret.go), so that every replica uses the same ones.
// Frozen: never edit a released migration; add a new one at the end.
var keysMigrations = []db.Migration{{
	ID: "oidc/0101_signing_keys",
	Up: db.DDL(`
CREATE TABLE "oidc_signing_keys" (
	"id" VARCHAR NOT NULL,
	"generation" INTEGER NOT NULL,
	"algorithm" VARCHAR NOT NULL,
	"private_key" VARCHAR NOT NULL,
	"created_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_oidc_signing_keys_generation" ON "oidc_signing_keys" ("generation");
CREATE TABLE "oidc_secrets" (
	"name" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"created_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("name")
)
`, `
CREATE TABLE "oidc_signing_keys" (
	"id" VARCHAR NOT NULL,
	"generation" BIGINT NOT NULL,
	"algorithm" VARCHAR NOT NULL,
	"private_key" VARCHAR NOT NULL,
	"created_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_oidc_signing_keys_generation" ON "oidc_signing_keys" ("generation");
CREATE TABLE "oidc_secrets" (
	"name" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"created_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("name")
)
`),
}}
