package oidc

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "oidc/0001_clients_tokens",
	Up: db.DDL(`
CREATE TABLE "identity_server_clients" (
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
	"client_id" VARCHAR NOT NULL,
	"client_name" VARCHAR NOT NULL DEFAULT '',
	"description" VARCHAR NOT NULL DEFAULT '',
	"client_uri" VARCHAR NOT NULL DEFAULT '',
	"logo_uri" VARCHAR NOT NULL DEFAULT '',
	"enabled" BOOLEAN NOT NULL,
	"protocol_type" VARCHAR NOT NULL DEFAULT 'oidc',
	"require_client_secret" BOOLEAN NOT NULL,
	"require_consent" BOOLEAN NOT NULL,
	"allow_remember_consent" BOOLEAN NOT NULL,
	"always_include_user_claims_in_id_token" BOOLEAN NOT NULL,
	"require_pkce" BOOLEAN NOT NULL,
	"allow_plain_text_pkce" BOOLEAN NOT NULL,
	"require_request_object" BOOLEAN NOT NULL,
	"allow_access_tokens_via_browser" BOOLEAN NOT NULL,
	"front_channel_logout_uri" VARCHAR NOT NULL DEFAULT '',
	"front_channel_logout_session_required" BOOLEAN NOT NULL,
	"back_channel_logout_uri" VARCHAR NOT NULL DEFAULT '',
	"back_channel_logout_session_required" BOOLEAN NOT NULL,
	"allow_offline_access" BOOLEAN NOT NULL,
	"identity_token_lifetime" INTEGER NOT NULL DEFAULT 300,
	"allowed_identity_token_signing_algorithms" VARCHAR NOT NULL DEFAULT '',
	"access_token_lifetime" INTEGER NOT NULL DEFAULT 3600,
	"authorization_code_lifetime" INTEGER NOT NULL DEFAULT 300,
	"consent_lifetime" INTEGER,
	"absolute_refresh_token_lifetime" INTEGER NOT NULL DEFAULT 2592000,
	"sliding_refresh_token_lifetime" INTEGER NOT NULL DEFAULT 1296000,
	"refresh_token_usage" INTEGER NOT NULL,
	"update_access_token_claims_on_refresh" BOOLEAN NOT NULL,
	"refresh_token_expiration" INTEGER NOT NULL,
	"access_token_type" INTEGER NOT NULL,
	"enable_local_login" BOOLEAN NOT NULL,
	"include_jwt_id" BOOLEAN NOT NULL,
	"always_send_client_claims" BOOLEAN NOT NULL,
	"client_claims_prefix" VARCHAR NOT NULL DEFAULT 'client_',
	"pair_wise_subject_salt" VARCHAR NOT NULL DEFAULT '',
	"user_sso_lifetime" INTEGER,
	"user_code_type" VARCHAR NOT NULL DEFAULT '',
	"device_code_lifetime" INTEGER NOT NULL DEFAULT 300,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_server_client_grant_types" (
	"client_id" uuid NOT NULL,
	"grant_type" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "grant_type")
);
CREATE TABLE "identity_server_client_scopes" (
	"client_id" uuid NOT NULL,
	"scope" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "scope")
);
CREATE TABLE "identity_server_client_secrets" (
	"client_id" uuid NOT NULL,
	"type" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL DEFAULT '',
	"expiration" TIMESTAMP,
	PRIMARY KEY ("client_id", "type", "value")
);
CREATE TABLE "identity_server_client_redirect_uris" (
	"client_id" uuid NOT NULL,
	"redirect_uri" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "redirect_uri")
);
CREATE TABLE "identity_server_client_post_logout_redirect_uris" (
	"client_id" uuid NOT NULL,
	"post_logout_redirect_uri" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "post_logout_redirect_uri")
);
CREATE TABLE "identity_server_client_cors_origins" (
	"client_id" uuid NOT NULL,
	"origin" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "origin")
);
CREATE TABLE "identity_server_client_idp_restrictions" (
	"client_id" uuid NOT NULL,
	"provider" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "provider")
);
CREATE TABLE "identity_server_client_claims" (
	"client_id" uuid NOT NULL,
	"type" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "type", "value")
);
CREATE TABLE "identity_server_client_properties" (
	"client_id" uuid NOT NULL,
	"key" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("client_id", "key")
);
CREATE TABLE "oidc_tokens" (
	"signature" VARCHAR NOT NULL,
	"kind" VARCHAR NOT NULL,
	"family_id" VARCHAR NOT NULL,
	"client_id" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL DEFAULT '',
	"active" BOOLEAN NOT NULL,
	"created_at" TIMESTAMP NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	"access_signature" VARCHAR NOT NULL DEFAULT '',
	"data" VARCHAR NOT NULL,
	PRIMARY KEY ("signature", "kind")
);
CREATE TABLE "oidc_token_families" (
	"id" VARCHAR NOT NULL,
	"client_id" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL DEFAULT '',
	"created_at" TIMESTAMP NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	"revoked_at" TIMESTAMP,
	"revoke_reason" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_server_clients_client_id" ON "identity_server_clients" ("client_id");
CREATE INDEX "ix_oidc_tokens_family" ON "oidc_tokens" ("family_id");
CREATE INDEX "ix_oidc_tokens_expires" ON "oidc_tokens" ("expires_at");
CREATE INDEX "ix_oidc_token_families_subject" ON "oidc_token_families" ("subject");
CREATE INDEX "ix_oidc_token_families_expires" ON "oidc_token_families" ("expires_at")
`, `
CREATE TABLE "identity_server_clients" (
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
	"client_id" VARCHAR NOT NULL,
	"client_name" VARCHAR NOT NULL DEFAULT '',
	"description" VARCHAR NOT NULL DEFAULT '',
	"client_uri" VARCHAR NOT NULL DEFAULT '',
	"logo_uri" VARCHAR NOT NULL DEFAULT '',
	"enabled" BOOLEAN NOT NULL,
	"protocol_type" VARCHAR NOT NULL DEFAULT 'oidc',
	"require_client_secret" BOOLEAN NOT NULL,
	"require_consent" BOOLEAN NOT NULL,
	"allow_remember_consent" BOOLEAN NOT NULL,
	"always_include_user_claims_in_id_token" BOOLEAN NOT NULL,
	"require_pkce" BOOLEAN NOT NULL,
	"allow_plain_text_pkce" BOOLEAN NOT NULL,
	"require_request_object" BOOLEAN NOT NULL,
	"allow_access_tokens_via_browser" BOOLEAN NOT NULL,
	"front_channel_logout_uri" VARCHAR NOT NULL DEFAULT '',
	"front_channel_logout_session_required" BOOLEAN NOT NULL,
	"back_channel_logout_uri" VARCHAR NOT NULL DEFAULT '',
	"back_channel_logout_session_required" BOOLEAN NOT NULL,
	"allow_offline_access" BOOLEAN NOT NULL,
	"identity_token_lifetime" BIGINT NOT NULL DEFAULT 300,
	"allowed_identity_token_signing_algorithms" VARCHAR NOT NULL DEFAULT '',
	"access_token_lifetime" BIGINT NOT NULL DEFAULT 3600,
	"authorization_code_lifetime" BIGINT NOT NULL DEFAULT 300,
	"consent_lifetime" BIGINT,
	"absolute_refresh_token_lifetime" BIGINT NOT NULL DEFAULT 2592000,
	"sliding_refresh_token_lifetime" BIGINT NOT NULL DEFAULT 1296000,
	"refresh_token_usage" BIGINT NOT NULL,
	"update_access_token_claims_on_refresh" BOOLEAN NOT NULL,
	"refresh_token_expiration" BIGINT NOT NULL,
	"access_token_type" BIGINT NOT NULL,
	"enable_local_login" BOOLEAN NOT NULL,
	"include_jwt_id" BOOLEAN NOT NULL,
	"always_send_client_claims" BOOLEAN NOT NULL,
	"client_claims_prefix" VARCHAR NOT NULL DEFAULT 'client_',
	"pair_wise_subject_salt" VARCHAR NOT NULL DEFAULT '',
	"user_sso_lifetime" BIGINT,
	"user_code_type" VARCHAR NOT NULL DEFAULT '',
	"device_code_lifetime" BIGINT NOT NULL DEFAULT 300,
	PRIMARY KEY ("id")
);
CREATE TABLE "identity_server_client_grant_types" (
	"client_id" uuid NOT NULL,
	"grant_type" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "grant_type")
);
CREATE TABLE "identity_server_client_scopes" (
	"client_id" uuid NOT NULL,
	"scope" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "scope")
);
CREATE TABLE "identity_server_client_secrets" (
	"client_id" uuid NOT NULL,
	"type" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	"description" VARCHAR NOT NULL DEFAULT '',
	"expiration" TIMESTAMPTZ,
	PRIMARY KEY ("client_id", "type", "value")
);
CREATE TABLE "identity_server_client_redirect_uris" (
	"client_id" uuid NOT NULL,
	"redirect_uri" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "redirect_uri")
);
CREATE TABLE "identity_server_client_post_logout_redirect_uris" (
	"client_id" uuid NOT NULL,
	"post_logout_redirect_uri" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "post_logout_redirect_uri")
);
CREATE TABLE "identity_server_client_cors_origins" (
	"client_id" uuid NOT NULL,
	"origin" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "origin")
);
CREATE TABLE "identity_server_client_idp_restrictions" (
	"client_id" uuid NOT NULL,
	"provider" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "provider")
);
CREATE TABLE "identity_server_client_claims" (
	"client_id" uuid NOT NULL,
	"type" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL,
	PRIMARY KEY ("client_id", "type", "value")
);
CREATE TABLE "identity_server_client_properties" (
	"client_id" uuid NOT NULL,
	"key" VARCHAR NOT NULL,
	"value" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("client_id", "key")
);
CREATE TABLE "oidc_tokens" (
	"signature" VARCHAR NOT NULL,
	"kind" VARCHAR NOT NULL,
	"family_id" VARCHAR NOT NULL,
	"client_id" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL DEFAULT '',
	"active" BOOLEAN NOT NULL,
	"created_at" TIMESTAMPTZ NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	"access_signature" VARCHAR NOT NULL DEFAULT '',
	"data" VARCHAR NOT NULL,
	PRIMARY KEY ("signature", "kind")
);
CREATE TABLE "oidc_token_families" (
	"id" VARCHAR NOT NULL,
	"client_id" VARCHAR NOT NULL,
	"subject" VARCHAR NOT NULL DEFAULT '',
	"created_at" TIMESTAMPTZ NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	"revoked_at" TIMESTAMPTZ,
	"revoke_reason" VARCHAR NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_identity_server_clients_client_id" ON "identity_server_clients" ("client_id");
CREATE INDEX "ix_oidc_tokens_family" ON "oidc_tokens" ("family_id");
CREATE INDEX "ix_oidc_tokens_expires" ON "oidc_tokens" ("expires_at");
CREATE INDEX "ix_oidc_token_families_subject" ON "oidc_token_families" ("subject");
CREATE INDEX "ix_oidc_token_families_expires" ON "oidc_token_families" ("expires_at")
`),
}}
