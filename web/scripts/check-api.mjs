// check:api: regenerates everything made from the committed OpenAPI snapshot
// (src/api/gen/openapi.json) into a temp folder and fails when a committed file differs:
// schema.d.ts (openapi-typescript), permissions.ts and limits.ts (api-files.mjs). Fix with
// `npm run gen:api`, or `bash scripts/gen-api.sh` from the repository root when the server
// changed, and commit src/api/gen/.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatedFiles } from './api-files.mjs'

const input = 'src/api/gen/openapi.json'
const read = (path) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return '' // a missing file is stale too
  }
}

const dir = mkdtempSync(join(tmpdir(), 'kerf-api-'))
const stale = []
try {
  const fresh = join(dir, 'schema.d.ts')
  execFileSync('npx', ['--no-install', 'openapi-typescript', input, '-o', fresh, '--silent'], { stdio: 'inherit' })
  const expected = { 'src/api/gen/schema.d.ts': readFileSync(fresh, 'utf8') }
  try {
    Object.assign(expected, generatedFiles(JSON.parse(readFileSync(input, 'utf8'))))
  } catch (e) {
    console.error(`check:api: ${e.message}`)
    process.exit(1)
  }
  for (const [path, text] of Object.entries(expected)) if (read(path) !== text) stale.push(path)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (stale.length) {
  console.error(
    `check:api: stale: ${stale.join(', ')} (not what is generated from ${input}).\n` +
      'Regenerate with `bash scripts/gen-api.sh` (repository root) and commit src/api/gen/.',
  )
  process.exit(1)
}
console.log('check:api: src/api/gen/ is up to date')
