package account

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "account/0001_phone_codes",
	Up: db.DDL(`
CREATE TABLE "account_phone_codes" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"phone_number" VARCHAR NOT NULL,
	"purpose" INTEGER NOT NULL,
	"code_hash" VARCHAR NOT NULL,
	"tries" INTEGER NOT NULL DEFAULT 0,
	"created_at" TIMESTAMP NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	"used_at" TIMESTAMP,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_account_phone_codes_phone" ON "account_phone_codes" ("tenant_id", "phone_number", "purpose")
`, `
CREATE TABLE "account_phone_codes" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"phone_number" VARCHAR NOT NULL,
	"purpose" BIGINT NOT NULL,
	"code_hash" VARCHAR NOT NULL,
	"tries" BIGINT NOT NULL DEFAULT 0,
	"created_at" TIMESTAMPTZ NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	"used_at" TIMESTAMPTZ,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_account_phone_codes_phone" ON "account_phone_codes" ("tenant_id", "phone_number", "purpose")
`),
}, {
	// The e-mailed password-reset links: only the SHA-256 of each token is kept.
	ID: "account/0002_password_reset_tokens",
	Up: db.DDL(`
CREATE TABLE "account_password_reset_tokens" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"token_hash" VARCHAR NOT NULL,
	"security_stamp" VARCHAR NOT NULL,
	"created_at" TIMESTAMP NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	"used_at" TIMESTAMP,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_account_password_reset_tokens_hash" ON "account_password_reset_tokens" ("token_hash");
CREATE INDEX "ix_account_password_reset_tokens_user" ON "account_password_reset_tokens" ("tenant_id", "user_id")
`, `
CREATE TABLE "account_password_reset_tokens" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"token_hash" VARCHAR NOT NULL,
	"security_stamp" VARCHAR NOT NULL,
	"created_at" TIMESTAMPTZ NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	"used_at" TIMESTAMPTZ,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_account_password_reset_tokens_hash" ON "account_password_reset_tokens" ("token_hash");
CREATE INDEX "ix_account_password_reset_tokens_user" ON "account_password_reset_tokens" ("tenant_id", "user_id")
`),
}}
