// After `vite build`: keep dist/.keep (the Go embed needs the folder in a fresh clone) and
// print the gzip size of the JavaScript the login page and the application shell load:
// the entry chunk with everything it imports statically. Pages are lazy chunks and not counted.
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
writeFileSync(join(dist, '.keep'), '')

const LIMIT = 400 * 1024
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error('postbuild: no dist/.vite/manifest.json; cannot measure the shell')
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.file.endsWith('.js'))
if (!entry) {
  console.error('postbuild: no JavaScript entry in the manifest')
  process.exit(1)
}
const seen = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return
  seen.add(chunk.file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
visit(entry[0])
let raw = 0
let gz = 0
for (const file of seen) {
  const buf = readFileSync(join(dist, file))
  raw += buf.length
  gz += gzipSync(buf, { level: 9 }).length
}
const kb = (n) => (n / 1024).toFixed(1) + ' KB'
console.log(`shell JavaScript (login page + layout, ${seen.size} files): ${kb(raw)} raw, ${kb(gz)} gzip (limit ${kb(LIMIT)})`)
if (gz > LIMIT) {
  console.error('postbuild: the shell JavaScript is over the 400 KB gzip budget')
  process.exit(1)
}
