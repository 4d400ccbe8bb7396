package identity

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "identity/0001_users_roles_tenants",
	Up: db.DDL(`
CREATE TABLE "identity_users" (
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
	"user_name" VARCHAR NOT NULL,
	"normalized_user_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL DEFAULT '',
	"surname" VARCHAR NOT NULL DEFAULT '',
	"email" VARCHAR NOT NULL DEFAULT '',
	"normalized_email" VARCHAR NOT NULL DEFAULT '',
	"email_confirmed" BOOLEAN NOT NULL DEFAULT false,
	"phone_number" VARCHAR NOT NULL DEFAULT '',
	"phone_number_confirmed" BOOLEAN NOT NULL DEFAULT false,
	"password_hash" VARCHAR NOT NULL DEFAULT '',
	"security_stamp" VARCHAR NOT NULL DEFAULT '',
	"is_active" BOOLEAN NOT NULL,
	"lockout_enabled" BOOLEAN NOT NULL,
	"lockout_end" TIMESTAMP,
	"access_failed_count" INTEGER NOT NULL DEFAULT 0,
	"two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_roles" (
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
	"normalized_name" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL DEFAULT false,
	"is_public" BOOLEAN NOT NULL,
	"is_static" BOOLEAN NOT NULL DEFAULT false,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"tenant_id" uuid,
	PRIMARY KEY ("user_id", "role_id")
);
CREATE TABLE "saas_tenants" (
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
	"normalized_name" VARCHAR NOT NULL,
	"is_active" BOOLEAN NOT NULL,
	"activation_message" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_identity_users_name" ON "identity_users" ("tenant_id", "normalized_user_name");
CREATE INDEX "ix_identity_users_email" ON "identity_users" ("tenant_id", "normalized_email");
CREATE INDEX "ix_identity_users_phone" ON "identity_users" ("tenant_id", "phone_number");
CREATE INDEX "ix_identity_roles_name" ON "identity_roles" ("tenant_id", "normalized_name");
CREATE INDEX "ix_saas_tenants_name" ON "saas_tenants" ("normalized_name")
`, `
CREATE TABLE "identity_users" (
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
	"user_name" VARCHAR NOT NULL,
	"normalized_user_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL DEFAULT '',
	"surname" VARCHAR NOT NULL DEFAULT '',
	"email" VARCHAR NOT NULL DEFAULT '',
	"normalized_email" VARCHAR NOT NULL DEFAULT '',
	"email_confirmed" BOOLEAN NOT NULL DEFAULT false,
	"phone_number" VARCHAR NOT NULL DEFAULT '',
	"phone_number_confirmed" BOOLEAN NOT NULL DEFAULT false,
	"password_hash" VARCHAR NOT NULL DEFAULT '',
	"security_stamp" VARCHAR NOT NULL DEFAULT '',
	"is_active" BOOLEAN NOT NULL,
	"lockout_enabled" BOOLEAN NOT NULL,
	"lockout_end" TIMESTAMPTZ,
	"access_failed_count" BIGINT NOT NULL DEFAULT 0,
	"two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_roles" (
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
	"normalized_name" VARCHAR NOT NULL,
	"is_default" BOOLEAN NOT NULL DEFAULT false,
	"is_public" BOOLEAN NOT NULL,
	"is_static" BOOLEAN NOT NULL DEFAULT false,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"tenant_id" uuid,
	PRIMARY KEY ("user_id", "role_id")
);
CREATE TABLE "saas_tenants" (
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
	"normalized_name" VARCHAR NOT NULL,
	"is_active" BOOLEAN NOT NULL,
	"activation_message" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_identity_users_name" ON "identity_users" ("tenant_id", "normalized_user_name");
CREATE INDEX "ix_identity_users_email" ON "identity_users" ("tenant_id", "normalized_email");
CREATE INDEX "ix_identity_users_phone" ON "identity_users" ("tenant_id", "phone_number");
CREATE INDEX "ix_identity_roles_name" ON "identity_roles" ("tenant_id", "normalized_name");
CREATE INDEX "ix_saas_tenants_name" ON "saas_tenants" ("normalized_name")
`),
}, {
	// The names the identity rules keep unique, as unique indexes over live rows, so that
	// requests running at the same moment cannot both pass the check and both insert (the
	// store answers db.ErrDuplicate, 409): user names per tenant, role names per tenant,
	// tenant names. NULL tenant ids (the host) never clash in a unique index, so the host
	// is indexed as the all-zero UUID. Rows that already break a rule are resolved first,
	// deterministically, keeping the earliest row of each clash (by creation_time, then id)
	// as it is:
	//   - a later user with a taken name gets "-<its id>" appended to its user name (it can
	//     still log in by e-mail, and an administrator can rename it);
	//   - a later role with a taken name is merged into the earliest: its users get the
	//     earliest role, and it is soft-deleted (grants are by role name, so they stay);
	//   - a later tenant with a taken name gets "-<its id>" appended to its name.
	ID: "identity/0002_unique_names",
	Up: db.DDL(`
UPDATE "identity_users" SET "user_name" = "user_name" || '-' || CAST("id" AS VARCHAR),
	"normalized_user_name" = "normalized_user_name" || '-' || UPPER(CAST("id" AS VARCHAR)) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_user_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_users" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_identity_users_name" ON "identity_users" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_user_name") WHERE "is_deleted" = false;
INSERT INTO "identity_user_roles" ("user_id", "role_id", "tenant_id")
	SELECT DISTINCT "ur"."user_id", "k"."keep_id", "ur"."tenant_id" FROM "identity_user_roles" AS "ur"
	JOIN (SELECT "id", FIRST_VALUE("id") OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "keep_id"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "k" ON "k"."id" = "ur"."role_id"
	WHERE "k"."id" <> "k"."keep_id" AND NOT EXISTS (
		SELECT 1 FROM "identity_user_roles" AS "x" WHERE "x"."user_id" = "ur"."user_id" AND "x"."role_id" = "k"."keep_id");
DELETE FROM "identity_user_roles" WHERE "role_id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
UPDATE "identity_roles" SET "is_deleted" = true, "deletion_time" = strftime('%Y-%m-%d %H:%M:%f+00:00', 'now') WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_identity_roles_name" ON "identity_roles" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name") WHERE "is_deleted" = false;
UPDATE "saas_tenants" SET "name" = "name" || '-' || CAST("id" AS VARCHAR),
	"normalized_name" = "normalized_name" || '-' || UPPER(CAST("id" AS VARCHAR)) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "saas_tenants" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_saas_tenants_name" ON "saas_tenants" ("normalized_name") WHERE "is_deleted" = false
`, `
UPDATE "identity_users" SET "user_name" = "user_name" || '-' || CAST("id" AS VARCHAR),
	"normalized_user_name" = "normalized_user_name" || '-' || UPPER(CAST("id" AS VARCHAR)) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_user_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_users" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_identity_users_name" ON "identity_users" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_user_name") WHERE "is_deleted" = false;
INSERT INTO "identity_user_roles" ("user_id", "role_id", "tenant_id")
	SELECT DISTINCT "ur"."user_id", "k"."keep_id", "ur"."tenant_id" FROM "identity_user_roles" AS "ur"
	JOIN (SELECT "id", FIRST_VALUE("id") OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "keep_id"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "k" ON "k"."id" = "ur"."role_id"
	WHERE "k"."id" <> "k"."keep_id" AND NOT EXISTS (
		SELECT 1 FROM "identity_user_roles" AS "x" WHERE "x"."user_id" = "ur"."user_id" AND "x"."role_id" = "k"."keep_id");
DELETE FROM "identity_user_roles" WHERE "role_id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
UPDATE "identity_roles" SET "is_deleted" = true, "deletion_time" = now() WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "identity_roles" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_identity_roles_name" ON "identity_roles" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "normalized_name") WHERE "is_deleted" = false;
UPDATE "saas_tenants" SET "name" = "name" || '-' || CAST("id" AS VARCHAR),
	"normalized_name" = "normalized_name" || '-' || UPPER(CAST("id" AS VARCHAR)) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "normalized_name" ORDER BY "creation_time", "id") AS "n"
		FROM "saas_tenants" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_saas_tenants_name" ON "saas_tenants" ("normalized_name") WHERE "is_deleted" = false
`),
}, {
	// Users get a gender (spec 002 §3: Male 0, Female 1, Other 2) and a static flag: the admin
	// user seeded for each side cannot be deleted. Existing databases mark the live user named
	// admin that holds the side's static admin role; a list sorted by name (the users screen's
	// default) walks an index led by the tenant.
	ID: "identity/0003_user_gender_static",
	Up: db.DDL(`
ALTER TABLE "identity_users" ADD COLUMN "gender" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "identity_users" ADD COLUMN "is_static" BOOLEAN NOT NULL DEFAULT false;
UPDATE "identity_users" SET "is_static" = true WHERE "is_deleted" = false AND "normalized_user_name" = 'ADMIN' AND "id" IN (
	SELECT "ur"."user_id" FROM "identity_user_roles" AS "ur" JOIN "identity_roles" AS "r" ON "r"."id" = "ur"."role_id"
	WHERE "r"."normalized_name" = 'ADMIN' AND "r"."is_static" = true AND "r"."is_deleted" = false);
CREATE INDEX "ix_identity_users_sort_name" ON "identity_users" ("tenant_id", "is_deleted", "name", "id")
`, `
ALTER TABLE "identity_users" ADD COLUMN "gender" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "identity_users" ADD COLUMN "is_static" BOOLEAN NOT NULL DEFAULT false;
UPDATE "identity_users" SET "is_static" = true WHERE "is_deleted" = false AND "normalized_user_name" = 'ADMIN' AND "id" IN (
	SELECT "ur"."user_id" FROM "identity_user_roles" AS "ur" JOIN "identity_roles" AS "r" ON "r"."id" = "ur"."role_id"
	WHERE "r"."normalized_name" = 'ADMIN' AND "r"."is_static" = true AND "r"."is_deleted" = false);
CREATE INDEX "ix_identity_users_sort_name" ON "identity_users" ("tenant_id", "is_deleted", "name", "id")
`),
}, {
	// A tenant belongs to an edition (docs/decisions/0014): the features it may use resolve
	// through the edition's values. None for the tenants there are.
	ID: "identity/0004_tenant_edition",
	Up: db.SameDDL(`
ALTER TABLE "saas_tenants" ADD COLUMN "edition_id" uuid NULL
`),
}}
