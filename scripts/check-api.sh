#!/usr/bin/env bash
# Fails when the committed API snapshot or a file generated from it is stale:
# web/src/api/gen/openapi.json must equal what `kerf openapi` writes now (the document and
# the server's permission names), and schema.d.ts, permissions.ts and limits.ts must equal
# what web/scripts/check-api.mjs generates from it.
# Fix with `bash scripts/gen-api.sh` and commit web/src/api/gen/.
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
