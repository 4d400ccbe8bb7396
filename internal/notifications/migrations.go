package notifications

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	ID: "notifications/0001_notifications",
	Up: db.DDL(`
CREATE TABLE "notifications" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"name" VARCHAR NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"description" text NOT NULL,
	"severity" INTEGER NOT NULL,
	"source" INTEGER NOT NULL,
	"lifetime" INTEGER NOT NULL,
	"data" text NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_notifications_tenant_name" ON "notifications" ("tenant_id", "name");
CREATE TABLE "user_notifications" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"read_state" INTEGER NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_user_notifications_user_notification" ON "user_notifications" ("user_id", "notification_id");
CREATE INDEX "ix_user_notifications_sort_creation_time" ON "user_notifications" ("tenant_id", "user_id", "read_state", "creation_time", "id");
CREATE INDEX "ix_user_notifications_all_creation_time" ON "user_notifications" ("tenant_id", "user_id", "creation_time", "id");
CREATE INDEX "ix_user_notifications_name" ON "user_notifications" ("tenant_id", "user_id", "name", "read_state");
CREATE TABLE "notification_unsubscriptions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_notification_unsubscriptions_user_name" ON "notification_unsubscriptions" ("user_id", "name")
`, `
CREATE TABLE "notifications" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"name" VARCHAR NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"description" text NOT NULL,
	"severity" INTEGER NOT NULL,
	"source" INTEGER NOT NULL,
	"lifetime" INTEGER NOT NULL,
	"data" text NOT NULL,
	"creation_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_notifications_tenant_name" ON "notifications" ("tenant_id", "name");
CREATE TABLE "user_notifications" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"read_state" INTEGER NOT NULL,
	"creation_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_user_notifications_user_notification" ON "user_notifications" ("user_id", "notification_id");
CREATE INDEX "ix_user_notifications_sort_creation_time" ON "user_notifications" ("tenant_id", "user_id", "read_state", "creation_time", "id");
CREATE INDEX "ix_user_notifications_all_creation_time" ON "user_notifications" ("tenant_id", "user_id", "creation_time", "id");
CREATE INDEX "ix_user_notifications_name" ON "user_notifications" ("tenant_id", "user_id", "name", "read_state");
CREATE TABLE "notification_unsubscriptions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"creation_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_notification_unsubscriptions_user_name" ON "notification_unsubscriptions" ("user_id", "name")
`),
}}
