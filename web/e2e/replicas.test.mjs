// Two replicas on one PostgreSQL behind a round-robin proxy (replicas-support.mjs): log in on
// one, work on the other; upload on one, download on the other. Needs KERF_TEST_POSTGRES_URL
// (make test-e2e-replicas); in CI its absence is an error.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, PASSWORD, SCREENSHOTS, login, shot } from './support.mjs'
import { postgresURL, startReplicas } from './replicas-support.mjs'

const NO_POSTGRES =
  'KERF_TEST_POSTGRES_URL is not set: the two-replica suite needs PostgreSQL ' +
  "(e.g. KERF_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable')"
const skip = !postgresURL() && process.env.CI !== 'true' ? NO_POSTGRES : false

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const stamp = Date.now().toString(36).slice(-5)
const DIRECTORY = `双副本目录${stamp}`
const PRODUCT = `双副本柜${stamp}`

let env
let browser
let context
let page
let dir

before(async () => {
  if (!postgresURL()) {
    if (process.env.CI === 'true') throw new Error(`${NO_POSTGRES}; it must be set in CI so this suite runs.`)
    return
  }
  env = await startReplicas()
  console.log(`replicas: database ${env.database.name}, a ${env.replicas.a.baseURL}, b ${env.replicas.b.baseURL}, proxy ${env.proxy.baseURL}; ready in ${env.elapsed} ms`)
  dir = await mkdtemp(join(tmpdir(), 'kerf-e2e-replicas-'))
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
  await mkdir(SCREENSHOTS, { recursive: true })
  context = await browser.newContext({
    baseURL: env.proxy.baseURL,
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
    locale: 'zh-CN',
  })
  context.setDefaultTimeout(15_000)
  await context.addInitScript(() => localStorage.setItem('kerf.clickGuard', 'off'))
  page = await context.newPage()
  page.on('pageerror', (e) => console.error('page error:', e.message))
})

after(async () => {
  await context?.close().catch(() => undefined)
  await browser?.close().catch(() => undefined)
  if (env) {
    const unauthorised = env.proxy.log.filter((e) => e.auth && e.status === 401)
    if (unauthorised.length) console.error('answered 401 with a token:', unauthorised)
    await env.stop()
  }
  if (dir) await rm(dir, { recursive: true, force: true })
})

// ---------------------------------------------------------------- helpers

const other = (name) => (name === 'a' ? 'b' : 'a')

/** Requests the proxy passed on since `from` (a log length) that match. */
function served(from, match) {
  return env.proxy.log.slice(from).filter(match)
}

async function psql(sql) {
  const u = new URL(env.database.url)
  const { stdout } = await promisify(execFile)('psql', [u.toString(), '-v', 'ON_ERROR_STOP=1', '-qAtc', sql])
  return stdout.trim()
}

/** Password grant of the web client, straight to one replica. */
async function tokenFrom(base) {
  const r = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'kerf-web',
      username: 'admin',
      password: PASSWORD,
      scope: 'openid profile email phone role offline_access kerf',
    }),
  })
  assert.equal(r.status, 200, `login on ${base}: ${await r.clone().text()}`)
  return (await r.json()).access_token
}

/** fetch from the page (through the proxy, with the logged-in user's token when `auth`). */
async function pageFetch(path, { auth = true, method = 'GET', body = null } = {}) {
  return page.evaluate(
    async ({ path, auth, method, body }) => {
      const headers = {}
      if (auth) headers.Authorization = `Bearer ${JSON.parse(localStorage.getItem('kerf.token')).accessToken}`
      let payload
      if (body) {
        payload = new FormData()
        payload.append('file', new Blob([body.content], { type: body.type }), body.name)
      }
      const r = await fetch(path, { method, headers, body: payload, cache: 'no-store' })
      return { status: r.status, replica: r.headers.get('x-kerf-replica'), text: await r.text() }
    },
    { path, auth, method, body },
  )
}

const tree = () => page.getByTestId('catalog-tree')
const treeNode = (name) => tree().getByTestId('catalog-tree-node').filter({ hasText: name })
const row = (name) => page.getByTestId('item-row').filter({ hasText: name })
const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()

// ---------------------------------------------------------------- tests

test('two replicas started together on an empty database migrate and seed it once', { skip }, async () => {
  for (const r of Object.values(env.replicas)) {
    assert.equal((await fetch(`${r.baseURL}/healthz`)).status, 200, `replica ${r.name} is up`)
  }
  const tenants = Number(await psql('SELECT COUNT(*) FROM saas_tenants'))
  assert.ok(tenants > 0, 'demo tenants seeded')
  assert.equal(await psql('SELECT COUNT(*) - COUNT(DISTINCT name) FROM saas_tenants'), '0', 'no tenant seeded twice')
  assert.equal(
    await psql("SELECT COUNT(*) - COUNT(DISTINCT (COALESCE(tenant_id::text, ''), normalized_user_name)) FROM identity_users"),
    '0',
    'no user seeded twice',
  )
})

test('a token issued by one replica is accepted by the other', { skip }, async () => {
  const { a, b } = env.replicas
  for (const [issuer, user] of [
    [a, b],
    [b, a],
  ]) {
    const token = await tokenFrom(issuer.baseURL)
    const r = await fetch(`${user.baseURL}/api/identity/my-profile`, { headers: { Authorization: `Bearer ${token}` } })
    assert.equal(r.status, 200, `token from ${issuer.name} on ${user.name}: ${await r.clone().text()}`)
    assert.equal((await r.json()).userName, 'admin')
  }
})

test('logs in through the proxy: the token comes from one replica, the pages that follow from both', { skip }, async () => {
  const from = env.proxy.log.length
  await login(page)
  const [issued] = served(from, (e) => e.method === 'POST' && e.path.startsWith('/connect/token'))
  assert.ok(issued, 'the login asked for a token')
  assert.equal(issued.status, 200)
  // consecutive reads alternate, so these land on both replicas, one of them the other one
  const answers = []
  for (let i = 0; i < 4; i++) answers.push(await pageFetch('/api/identity/my-profile'))
  for (const a of answers) assert.equal(a.status, 200, `profile on replica ${a.replica}: ${a.text}`)
  assert.ok(
    answers.some((a) => a.replica === other(issued.replica)),
    `the token from replica ${issued.replica} was used on replica ${other(issued.replica)}`,
  )
  const refused = served(from, (e) => e.auth && e.status === 401)
  assert.deepEqual(refused, [], 'no request with the token was refused')
  await shot(page, 'replicas-logged-in')
})

test('creates a directory and a product with an image; writes alternate replicas and the image is served by both', { skip }, async () => {
  const from = env.proxy.log.length
  await page.goto('/catalog/products')
  await page.getByTestId('catalog-screen-product').waitFor()
  await page.getByTestId('item-row').first().waitFor()

  await page.getByTestId('dir-add').click()
  await page.getByTestId('catalog-dialog-name').fill(DIRECTORY)
  await page.getByTestId('catalog-dialog-save').click()
  await toast('创建成功').waitFor()
  await page.locator('.ant-tree-treenode-selected').filter({ hasText: DIRECTORY }).waitFor()
  await treeNode(DIRECTORY).click()

  await page.getByTestId('items-add').click()
  await page.getByTestId('item-dialog').waitFor()
  await page.getByTestId('item-form-name').fill(PRODUCT)
  await page.getByTestId('item-form-code').fill('R-600')
  const png = join(dir, 'door.png')
  await writeFile(png, Buffer.from(PNG_1PX, 'base64'))
  await page.getByTestId('item-form-image').locator('input[type=file]').setInputFiles(png)
  await page.getByTestId('item-form-image').locator('img[src*="/api/datav/files/"]').waitFor()
  await page.getByTestId('item-dialog-save').click()
  await toast('创建成功').waitFor()
  await row(PRODUCT).waitFor()

  const writes = served(from, (e) => e.method !== 'GET' && e.method !== 'HEAD' && e.path.startsWith('/api/'))
  assert.ok(writes.length >= 3, `directory, upload and product: ${JSON.stringify(writes)}`)
  for (const w of writes) assert.ok(w.status >= 200 && w.status < 300, `${w.method} ${w.path} on ${w.replica}: ${w.status}`)
  assert.deepEqual(new Set(writes.map((w) => w.replica)), new Set(['a', 'b']), 'writes went to both replicas')

  // the list (read on either replica) shows the product with its image, rendered
  const img = row(PRODUCT).locator('img')
  const src = await img.getAttribute('src')
  assert.match(src, /^\/api\/datav\/files\//)
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle())
  const [upload] = served(from, (e) => e.method === 'POST' && e.path.startsWith('/api/datav/files/images/upload'))
  const fetched = []
  for (let i = 0; i < 4 && !fetched.some((f) => f.replica === other(upload.replica)); i++) fetched.push(await pageFetch(src, { auth: false }))
  const there = fetched.find((f) => f.replica === other(upload.replica))
  assert.ok(there, `the image uploaded on replica ${upload.replica} was fetched from replica ${other(upload.replica)}`)
  assert.equal(there.status, 200)
  // and straight from the replica that did not take the upload, byte for byte
  const direct = await fetch(env.replicas[other(upload.replica)].baseURL + src)
  assert.equal(direct.status, 200)
  assert.deepEqual(Buffer.from(await direct.arrayBuffer()), Buffer.from(PNG_1PX, 'base64'))
  await shot(page, 'replicas-product')
})

test('downloads a file: uploaded on one replica, the token from one, the download from the other', { skip }, async () => {
  const content = `%PDF-1.4 replicas ${stamp}`
  const up = await pageFetch('/api/file-management/file-descriptor/upload', {
    method: 'POST',
    body: { content, type: 'application/pdf', name: '订单.pdf' },
  })
  assert.equal(up.status, 200, up.text)
  const { url } = JSON.parse(up.text)
  const tries = []
  for (let i = 0; i < 4 && !tries.some((t) => t.token.replica !== t.download.replica); i++) {
    const token = await pageFetch(`${url}/token`)
    assert.equal(token.status, 200, token.text)
    const download = await pageFetch(`${url}?token=${JSON.parse(token.text).token}`, { auth: false })
    assert.equal(download.status, 200, `download on replica ${download.replica}: ${download.text}`)
    assert.equal(download.text, content)
    tries.push({ token, download })
  }
  const crossed = tries.find((t) => t.token.replica !== t.download.replica)
  assert.ok(crossed, `a token from one replica downloaded on the other: ${JSON.stringify(tries.map((t) => [t.token.replica, t.download.replica]))}`)
  assert.ok(
    tries.some((t) => t.download.replica !== up.replica),
    `the file uploaded on replica ${up.replica} was downloaded from replica ${other(up.replica)}`,
  )
})

test('nothing through the proxy failed: no server error, no token refused', { skip }, async () => {
  const failed = env.proxy.log.filter((e) => e.status >= 500 || (e.auth && e.status === 401))
  assert.deepEqual(failed, [], 'requests that failed on a replica')
  for (const name of ['a', 'b']) {
    assert.ok(env.proxy.log.filter((e) => e.replica === name).length > 0, `replica ${name} served the browser`)
  }
})
