// Two-replica harness for the browser tests: a fresh PostgreSQL database, two `kerf serve`
// processes on it (their own --addr and --data-dir, the same KERF_SECRET, the same shared
// --blob folder, started at the same moment so they must migrate and seed once), and a
// round-robin reverse proxy in front of them that the browser talks to.
//
// The proxy alternates reads (GET, HEAD) between the replicas, and writes (every other
// method) between them on a counter of their own, so consecutive writes always land on
// different replicas whatever the browser reads in between. Each answer carries
// `X-Kerf-Replica: a|b`, and `proxy.log` records every request with the replica that served it.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { freePort, spawnKerf, waitReady } from './support.mjs'

const run = promisify(execFile)

/** The PostgreSQL the suite runs on; without it the suite cannot run (in CI that is an error). */
export function postgresURL() {
  return process.env.KERF_TEST_POSTGRES_URL ?? ''
}

async function psql(url, sql) {
  await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql])
}

/** Creates database kerf_e2e_<random> next to the one of `base`; returns its URL and a dropper. */
async function createDatabase(base) {
  const name = `kerf_e2e_${randomBytes(6).toString('hex')}`
  await psql(base, `CREATE DATABASE ${name}`)
  const u = new URL(base)
  u.pathname = `/${name}`
  u.searchParams.delete('search_path')
  return {
    name,
    url: u.toString(),
    drop: () => psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

async function startReplica(bin, name, { database, blob, secret }) {
  const port = await freePort()
  const dir = await mkdtemp(join(tmpdir(), `kerf-e2e-replica-${name}-`))
  const args = ['--addr', `127.0.0.1:${port}`, '--database', database, '--data-dir', dir, '--blob', blob, '--demo=true']
  const { child, stop, output } = spawnKerf(bin, args, { env: { KERF_SECRET: secret }, dir })
  return { name, baseURL: `http://127.0.0.1:${port}`, child, dataDir: dir, stop, output }
}

/**
 * A round-robin reverse proxy in front of the replicas. `log` lists every request as
 * { seq, method, path, replica, status, auth } (auth: whether it carried a bearer token).
 */
async function startProxy(replicas) {
  const agent = new http.Agent({ keepAlive: true })
  const next = { read: 0, write: 0 }
  const log = []
  let seq = 0
  const server = http.createServer((req, res) => {
    const kind = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write'
    const target = replicas[next[kind]++ % replicas.length]
    const entry = {
      seq: seq++,
      method: req.method,
      path: req.url,
      replica: target.name,
      status: 0,
      auth: /^Bearer /i.test(req.headers.authorization ?? ''),
    }
    log.push(entry)
    const url = new URL(target.baseURL)
    const upstream = http.request(
      { host: url.hostname, port: url.port, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        entry.status = up.statusCode
        res.writeHead(up.statusCode, up.statusMessage, { ...up.headers, 'x-kerf-replica': target.name })
        up.pipe(res)
      },
    )
    upstream.on('error', (e) => {
      entry.status = 502
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-kerf-replica': target.name })
      res.end(`proxy: replica ${target.name}: ${e.message}`)
    })
    req.pipe(upstream)
  })
  const port = await freePort()
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok))
  return {
    baseURL: `http://127.0.0.1:${port}`,
    log,
    async close() {
      server.closeAllConnections()
      await new Promise((ok) => server.close(ok))
      agent.destroy()
    },
  }
}

/**
 * Starts the database, two replicas `a` and `b` (at the same moment) and the proxy.
 * Returns { proxy, replicas: {a, b}, database, elapsed, stop }.
 */
export async function startReplicas() {
  const bin = process.env.KERF_BIN
  if (!bin) {
    throw new Error(
      'KERF_BIN is not set: the replica tests run the real server. Build it (make build) and run ' +
        'KERF_BIN=$PWD/bin/kerf KERF_TEST_POSTGRES_URL=postgres://... node --test web/e2e/replicas.test.mjs (make test-e2e-replicas does this).',
    )
  }
  const started = Date.now()
  const database = await createDatabase(postgresURL())
  const shared = await mkdtemp(join(tmpdir(), 'kerf-e2e-blobs-'))
  const secret = randomBytes(32).toString('hex')
  const opts = { database: database.url, blob: `file://${shared}`, secret }
  const list = []
  let proxy
  const stop = async () => {
    await proxy?.close()
    await Promise.all(list.map((r) => r.stop()))
    await rm(shared, { recursive: true, force: true })
    await database.drop()
  }
  try {
    const abs = resolve(process.cwd(), bin)
    list.push(...(await Promise.all([startReplica(abs, 'a', opts), startReplica(abs, 'b', opts)])))
    await Promise.all(list.map((r) => waitReady(r.baseURL, r.child, r.output)))
    proxy = await startProxy(list)
  } catch (e) {
    await stop().catch(() => undefined)
    throw e
  }
  const [a, b] = list
  return { proxy, replicas: { a, b }, database, shared, elapsed: Date.now() - started, stop }
}
