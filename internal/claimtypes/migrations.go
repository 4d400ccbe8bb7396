package claimtypes

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: never edit or remove a
// released migration; add a new one at the end.
var migrations = []db.Migration{{
	// The claim types of each side, and the claims of users and roles. A type's name is unique
	// among the live types of its tenant (the host indexed as the all-zero UUID, since NULLs
	// never clash); the list is read in name order. A user or role holds one claim of a type
	// and value once: on PostgreSQL the index keys the value by its md5 (a value of 1,024
	// characters may pass the 2,704 bytes a b-tree entry may hold), on SQLite by the value.
	// Claims are found by their owner (the unique index leads with it) and by their type (a
	// type renamed or deleted takes its claims with it).
	ID: "claimtypes/0001_claim_types",
	Up: db.DDL(`
CREATE TABLE "identity_claim_types" (
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
	"is_static" BOOLEAN NOT NULL,
	"value_type" INTEGER NOT NULL,
	"required" BOOLEAN NOT NULL,
	"regex" VARCHAR NOT NULL,
	"regex_description" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_claim_types_name" ON "identity_claim_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "name") WHERE "is_deleted" = false;
CREATE INDEX "ix_identity_claim_types_list" ON "identity_claim_types" ("tenant_id", "is_deleted", "name", "id");
CREATE TABLE "identity_user_claims" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"claim_type" VARCHAR NOT NULL,
	"claim_value" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_user_claims" ON "identity_user_claims" ("user_id", "claim_type", "claim_value");
CREATE INDEX "ix_identity_user_claims_type" ON "identity_user_claims" ("tenant_id", "claim_type");
CREATE TABLE "identity_role_claims" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"role_id" uuid NOT NULL,
	"claim_type" VARCHAR NOT NULL,
	"claim_value" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_role_claims" ON "identity_role_claims" ("role_id", "claim_type", "claim_value");
CREATE INDEX "ix_identity_role_claims_type" ON "identity_role_claims" ("tenant_id", "claim_type")
`, `
CREATE TABLE "identity_claim_types" (
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
	"is_static" BOOLEAN NOT NULL,
	"value_type" INTEGER NOT NULL,
	"required" BOOLEAN NOT NULL,
	"regex" VARCHAR NOT NULL,
	"regex_description" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_claim_types_name" ON "identity_claim_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "name") WHERE "is_deleted" = false;
CREATE INDEX "ix_identity_claim_types_list" ON "identity_claim_types" ("tenant_id", "is_deleted", "name", "id");
CREATE TABLE "identity_user_claims" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"claim_type" VARCHAR NOT NULL,
	"claim_value" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_user_claims" ON "identity_user_claims" ("user_id", "claim_type", md5("claim_value"));
CREATE INDEX "ix_identity_user_claims_type" ON "identity_user_claims" ("tenant_id", "claim_type");
CREATE TABLE "identity_role_claims" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"role_id" uuid NOT NULL,
	"claim_type" VARCHAR NOT NULL,
	"claim_value" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_role_claims" ON "identity_role_claims" ("role_id", "claim_type", md5("claim_value"));
CREATE INDEX "ix_identity_role_claims_type" ON "identity_role_claims" ("tenant_id", "claim_type")
`),
}}
