package chat

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "chat/0001_chat",
	Up: db.DDL(`
CREATE TABLE "im_friends" (
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
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"remark_name" VARCHAR NOT NULL,
	"user_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_friends_pair" ON "im_friends" ("user_id", "friend_id");
CREATE INDEX "ix_im_friends_list" ON "im_friends" ("tenant_id", "is_deleted", "user_id", "creation_time", "id");
CREATE TABLE "im_friend_requests" (
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
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"remark_name" VARCHAR NOT NULL,
	"status" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_friend_requests_pending" ON "im_friend_requests" ("user_id", "friend_id") WHERE "status" = 0 AND "is_deleted" = false;
CREATE INDEX "ix_im_friend_requests_waiting" ON "im_friend_requests" ("tenant_id", "friend_id", "status");
CREATE TABLE "im_messages" (
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
	"group_id" VARCHAR NOT NULL,
	"from_user_id" uuid NOT NULL,
	"from_user_name" VARCHAR NOT NULL,
	"to_user_id" uuid NOT NULL,
	"content" VARCHAR NOT NULL,
	"message_type" INTEGER NOT NULL,
	"is_anonymous" BOOLEAN NOT NULL,
	"state" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_im_messages_pair" ON "im_messages" ("tenant_id", "is_deleted", "from_user_id", "to_user_id", "creation_time", "id");
CREATE INDEX "ix_im_messages_unread" ON "im_messages" ("to_user_id", "from_user_id", "state");
CREATE TABLE "im_conversations" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_send_time" TIMESTAMP NOT NULL,
	"last_content" VARCHAR NOT NULL,
	"last_message_type" INTEGER NOT NULL,
	"unread" INTEGER NOT NULL,
	PRIMARY KEY ("user_id", "partner_id")
);
CREATE INDEX "ix_im_conversations_recent" ON "im_conversations" ("tenant_id", "user_id", "last_send_time");
CREATE TABLE "im_files" (
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
	"file_name" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" INTEGER NOT NULL,
	"blob_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_files_name" ON "im_files" ("name");
CREATE TABLE "im_connections" (
	"connection_id" VARCHAR NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"replica_id" uuid NOT NULL,
	"connected_at" TIMESTAMP NOT NULL,
	"heartbeat_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("connection_id")
);
CREATE INDEX "ix_im_connections_user" ON "im_connections" ("user_id", "heartbeat_at");
CREATE INDEX "ix_im_connections_replica" ON "im_connections" ("replica_id")
`, `
CREATE TABLE "im_friends" (
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
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"remark_name" VARCHAR NOT NULL,
	"user_name" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_friends_pair" ON "im_friends" ("user_id", "friend_id");
CREATE INDEX "ix_im_friends_list" ON "im_friends" ("tenant_id", "is_deleted", "user_id", "creation_time", "id");
CREATE TABLE "im_friend_requests" (
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
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"remark_name" VARCHAR NOT NULL,
	"status" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_friend_requests_pending" ON "im_friend_requests" ("user_id", "friend_id") WHERE "status" = 0 AND "is_deleted" = false;
CREATE INDEX "ix_im_friend_requests_waiting" ON "im_friend_requests" ("tenant_id", "friend_id", "status");
CREATE TABLE "im_messages" (
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
	"group_id" VARCHAR NOT NULL,
	"from_user_id" uuid NOT NULL,
	"from_user_name" VARCHAR NOT NULL,
	"to_user_id" uuid NOT NULL,
	"content" VARCHAR NOT NULL,
	"message_type" INTEGER NOT NULL,
	"is_anonymous" BOOLEAN NOT NULL,
	"state" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_im_messages_pair" ON "im_messages" ("tenant_id", "is_deleted", "from_user_id", "to_user_id", "creation_time", "id");
CREATE INDEX "ix_im_messages_unread" ON "im_messages" ("to_user_id", "from_user_id", "state");
CREATE TABLE "im_conversations" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_send_time" TIMESTAMPTZ NOT NULL,
	"last_content" VARCHAR NOT NULL,
	"last_message_type" INTEGER NOT NULL,
	"unread" INTEGER NOT NULL,
	PRIMARY KEY ("user_id", "partner_id")
);
CREATE INDEX "ix_im_conversations_recent" ON "im_conversations" ("tenant_id", "user_id", "last_send_time");
CREATE TABLE "im_files" (
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
	"file_name" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" BIGINT NOT NULL,
	"blob_key" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_im_files_name" ON "im_files" ("name");
CREATE TABLE "im_connections" (
	"connection_id" VARCHAR NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"replica_id" uuid NOT NULL,
	"connected_at" TIMESTAMPTZ NOT NULL,
	"heartbeat_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("connection_id")
);
CREATE INDEX "ix_im_connections_user" ON "im_connections" ("user_id", "heartbeat_at");
CREATE INDEX "ix_im_connections_replica" ON "im_connections" ("replica_id")
`),
}}
