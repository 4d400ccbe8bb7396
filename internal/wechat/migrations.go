package wechat

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "wechat/0001_bindings_and_states",
	Up: db.DDL(`
CREATE TABLE "wechat_bindings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"open_id" VARCHAR NOT NULL,
	"nick_name" VARCHAR NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wechat_bindings_open_id" ON "wechat_bindings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "open_id");
CREATE UNIQUE INDEX "ux_wechat_bindings_user" ON "wechat_bindings" ("user_id");
CREATE TABLE "wechat_states" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"state_hash" VARCHAR NOT NULL,
	"purpose" VARCHAR NOT NULL,
	"user_id" uuid,
	"created_at" TIMESTAMP NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wechat_states_hash" ON "wechat_states" ("state_hash");
CREATE INDEX "ix_wechat_states_expires" ON "wechat_states" ("tenant_id", "expires_at")
`, `
CREATE TABLE "wechat_bindings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"open_id" VARCHAR NOT NULL,
	"nick_name" VARCHAR NOT NULL,
	"creation_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wechat_bindings_open_id" ON "wechat_bindings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "open_id");
CREATE UNIQUE INDEX "ux_wechat_bindings_user" ON "wechat_bindings" ("user_id");
CREATE TABLE "wechat_states" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"state_hash" VARCHAR NOT NULL,
	"purpose" VARCHAR NOT NULL,
	"user_id" uuid,
	"created_at" TIMESTAMPTZ NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_wechat_states_hash" ON "wechat_states" ("state_hash");
CREATE INDEX "ix_wechat_states_expires" ON "wechat_states" ("tenant_id", "expires_at")
`),
}}
