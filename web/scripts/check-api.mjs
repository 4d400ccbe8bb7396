// check:api: regenerates the API types from the committed OpenAPI snapshot into a temp
// file and fails when src/api/gen/schema.d.ts differs (run `npm run gen:api`, or
// `bash scripts/gen-api.sh` from the repository root when the server changed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const input = 'src/api/gen/openapi.json';
const committed = 'src/api/gen/schema.d.ts';
const dir = mkdtempSync(join(tmpdir(), 'kerf-api-'));
try {
  const fresh = join(dir, 'schema.d.ts');
  execFileSync('npx', ['--no-install', 'openapi-typescript', input, '-o', fresh, '--silent'], { stdio: 'inherit' });
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    // a missing file is stale too
  }
  if (readFileSync(fresh, 'utf8') !== current) {
    console.error(
      `check:api: ${committed} is stale: it does not match what openapi-typescript generates from ${input}.\n` +
        'Regenerate with `bash scripts/gen-api.sh` (repository root) and commit both files.',
    );
    process.exit(1);
  }
  console.log(`check:api: ${committed} is up to date`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
