#!/usr/bin/env bash
# Regenerates the web app's API files from the server: the OpenAPI snapshot
# (web/src/api/gen/openapi.json: what GET /openapi.json serves, plus x-kerf-permissions, the
# server's permission names) and, from it, web/src/api/gen/schema.d.ts (openapi-typescript),
# permissions.ts (the permission names) and limits.ts (field limits of the schemas).
# Commit web/src/api/gen/.
set -euo pipefail
cd "$(dirname "$0")/.."

go run ./cmd/kerf openapi --out web/src/api/gen/openapi.json
cd web
if [ ! -x node_modules/.bin/openapi-typescript ]; then
  echo "gen-api: web/node_modules is missing openapi-typescript; run 'cd web && npm ci' first" >&2
  exit 1
fi
npm run --silent gen:api
