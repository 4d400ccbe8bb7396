package oidc

import "kerf/internal/platform/db"

// wechatMigrations give an installed web client the wechat grant (issue 15): a fresh database
// has no client yet when it migrates and the seed adds the grant with the client; an installed
// one gets it here, once (an administrator may remove it later on the client screens).
var wechatMigrations = []db.Migration{{
	ID: "oidc/0201_web_client_wechat_grant",
	Up: db.SameDDL(`
INSERT INTO "identity_server_client_grant_types" ("client_id", "grant_type")
SELECT "c"."id", 'wechat' FROM "identity_server_clients" AS "c"
WHERE "c"."client_id" = 'kerf-web' AND NOT EXISTS (
	SELECT 1 FROM "identity_server_client_grant_types" AS "g" WHERE "g"."client_id" = "c"."id" AND "g"."grant_type" = 'wechat')
`),
}}
