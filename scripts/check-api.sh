#!/usr/bin/env bash
# Fails when the committed API snapshot or the types generated from it are stale:
# web/src/api/gen/openapi.json must equal what the server serves now, and
# web/src/api/gen/schema.d.ts must equal what openapi-typescript makes of it.
# Fix with `bash scripts/gen-api.sh` and commit both files.
set -euo pipefail
cd "$(dirname "$0")/.."

snapshot=web/src/api/gen/openapi.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go run ./cmd/kerf openapi --out "$tmp/openapi.json"
if ! cmp -s "$tmp/openapi.json" "$snapshot"; then
  echo "check-api: $snapshot is stale: the server's OpenAPI document has changed." >&2
  diff -u "$snapshot" "$tmp/openapi.json" | head -n 40 >&2 || true
  echo "check-api: run 'bash scripts/gen-api.sh' and commit web/src/api/gen/." >&2
  exit 1
fi

cd web
if [ ! -x node_modules/.bin/openapi-typescript ]; then
  echo "check-api: web/node_modules is missing openapi-typescript; run 'cd web && npm ci' first" >&2
  exit 1
fi
npm run --silent check:api
