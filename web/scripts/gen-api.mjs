// gen:api: regenerates everything under src/api/gen/ that is made from the committed OpenAPI
// snapshot src/api/gen/openapi.json: schema.d.ts (openapi-typescript), permissions.ts and
// limits.ts (api-files.mjs). `bash scripts/gen-api.sh` (repository root) first refreshes
// the snapshot from the server, then runs this.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { generatedFiles } from './api-files.mjs'

const input = 'src/api/gen/openapi.json'
execFileSync('npx', ['--no-install', 'openapi-typescript', input, '-o', 'src/api/gen/schema.d.ts', '--silent'], { stdio: 'inherit' })
const doc = JSON.parse(readFileSync(input, 'utf8'))
for (const [path, text] of Object.entries(generatedFiles(doc))) writeFileSync(path, text)
