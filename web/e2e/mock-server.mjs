// A stand-in for `kerf serve` that speaks the slice of the HTTP contract the shell uses.
// For developing the web app while the Go server is not ready: `KERF_E2E_MOCK=1 npm run test:e2e`,
// or `node e2e/mock-server.mjs 8080` next to `npm run dev`. The browser suite proper runs against
// the real binary (KERF_BIN).
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json' }

const ALL = ['AbpIdentity.Users', 'AbpIdentity.Roles', 'AbpTenantManagement.Tenants', 'AbpSettingManagement.Settings', 'SalesOrder.Products', 'SalesOrder.Parts']
const users = {
  ':admin': { id: '11111111-1111-1111-1111-111111111111', tenant: null, userName: 'admin', password: '1q2w3E*', perms: ALL, roles: ['admin'] },
  'demo:admin': { id: '22222222-2222-2222-2222-222222222222', tenant: 'demo', userName: 'admin', password: '1q2w3E*', perms: ALL, roles: ['admin'] },
  ':sales': { id: '33333333-3333-3333-3333-333333333333', tenant: null, userName: 'sales', password: '1q2w3E*', perms: ['SalesOrder.Products', 'SalesOrder.Parts'], roles: ['sales'] },
}
const tokens = new Map() // access -> user key
const refresh = new Map() // refresh -> user key

const zh = (lang) => !lang || /^zh/i.test(lang)
const menuFor = (u, lang) => {
  const L = (z, e) => (zh(lang) ? z : e)
  const item = (name, path, component, displayName, order, permission, children = []) => ({ id: randomUUID(), parentId: '00000000-0000-0000-0000-000000000000', name, displayName, path, component, icon: name, order, permission, noCache: false, affix: false, isExternal: false, children })
  const has = (p) => u.perms.includes(p)
  const items = [item('Dashboard', '/dashboard', 'dashboard/index', L('仪表盘', 'Dashboard'), 1, null)]
  const cat = []
  if (has('SalesOrder.Products')) cat.push(item('Products', '/products/index', 'products/index', L('产品目录', 'Product catalogue'), 1, 'SalesOrder.Products'))
  if (has('SalesOrder.Parts')) cat.push(item('Parts', '/parts/index', 'parts/index', L('物料目录', 'Parts catalogue'), 2, 'SalesOrder.Parts'))
  if (cat.length) items.push(item('Catalog', '/catalog', 'Layout', L('目录', 'Catalogues'), 2, null, cat))
  const admin = []
  if (has('AbpIdentity.Users')) admin.push(item('Users', '/admin/users', 'admin/users/index', L('用户', 'Users'), 1, 'AbpIdentity.Users'))
  if (has('AbpIdentity.Roles')) admin.push(item('Roles', '/admin/roles', 'admin/roles/index', L('角色', 'Roles'), 2, 'AbpIdentity.Roles'))
  if (admin.length) items.push(item('Admin', '/admin', 'Layout', L('系统管理', 'Administration'), 3, null, admin))
  return items
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(body === undefined ? '' : JSON.stringify(body))
}
const abpError = (res, status, message) => send(res, status, { error: { code: null, message, details: null, data: {}, validationErrors: null } })

async function body(req) {
  const chunks = []
  for await (const c of req) chunks.push(c)
  return Buffer.concat(chunks).toString()
}

function issue(key) {
  const access = randomUUID()
  const rt = randomUUID()
  tokens.set(access, key)
  refresh.set(rt, key)
  return { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: rt, id_token: 'x', scope: 'openid' }
}

export function startMock(port = 0) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x')
    const p = url.pathname
    const lang = req.headers['accept-language']
    const auth = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const key = tokens.get(auth)
    const u = key ? users[key] : null
    try {
      if (p === '/healthz') return send(res, 200, { status: 'ok' })
      if (p === '/connect/token' && req.method === 'POST') {
        const f = new URLSearchParams(await body(req))
        const tenant = req.headers.__tenant ?? ''
        if (f.get('grant_type') === 'password') {
          const k = `${tenant}:${f.get('username')}`
          if (!users[k] || users[k].password !== f.get('password'))
            return send(res, 400, { error: 'invalid_grant', error_description: zh(lang) ? '用户名或密码错误' : 'Invalid username or password' })
          return send(res, 200, issue(k))
        }
        if (f.get('grant_type') === 'refresh_token') {
          const k = refresh.get(f.get('refresh_token'))
          if (!k) return send(res, 400, { error: 'invalid_grant', error_description: 'bad refresh token' })
          return send(res, 200, issue(k))
        }
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'unsupported' })
      }
      if (p === '/connect/revocation') {
        refresh.delete(new URLSearchParams(await body(req)).get('token'))
        return send(res, 200, {})
      }
      if (p === '/api/abp/application-configuration') {
        return send(res, 200, {
          auth: { policies: Object.fromEntries(ALL.map((x) => [x, true])), grantedPolicies: Object.fromEntries((u?.perms ?? []).map((x) => [x, true])) },
          currentUser: u
            ? { isAuthenticated: true, id: u.id, tenantId: u.tenant ? 't1' : null, impersonatorUserId: null, impersonatorTenantId: null, userName: u.userName, name: u.userName, surName: null, email: `${u.userName}@example.org`, phoneNumber: null, roles: u.roles }
            : { isAuthenticated: false, roles: [] },
          currentTenant: u?.tenant ? { id: 't1', name: u.tenant, isAvailable: true } : { id: null, name: null, isAvailable: false },
          features: { values: {} },
          localization: { currentCulture: { cultureName: 'zh-Hans', name: 'zh-Hans', displayName: '简体中文' }, languages: [], values: {} },
          multiTenancy: { isEnabled: true },
          setting: { values: { 'BasicSetup.HttpTimeoutPeriod': '30', 'SalesOrder.WebLogo': '', 'App.Version': '2.3.8' } },
        })
      }
      if (p.startsWith('/api/') && p !== '/api/account/phone/send-signin-code' && !u) return abpError(res, 401, zh(lang) ? '未登录' : 'Not logged in')
      if (p === '/api/menu/getWebMenu') return send(res, 200, { items: menuFor(u, lang) })
      if (p === '/api/tenantextend/check-tenant') return send(res, 200, { tenantName: u.tenant, isActive: false, message: '' })
      if (p === '/api/identity/my-profile' && req.method === 'GET')
        return send(res, 200, { userName: u.userName, name: u.name ?? u.userName, surname: u.surname ?? '', email: `${u.userName}@example.org`, phoneNumber: '', concurrencyStamp: 'c1' })
      if (p === '/api/identity/my-profile' && req.method === 'PUT') {
        const b = JSON.parse(await body(req))
        u.name = b.name
        u.surname = b.surname
        return send(res, 200, { ...b, userName: u.userName })
      }
      if (p === '/api/identity/my-profile/change-password') {
        const b = JSON.parse(await body(req))
        if (b.currentPassword !== u.password) return abpError(res, 400, zh(lang) ? '当前密码不正确' : 'Incorrect password')
        u.password = b.newPassword
        return send(res, 204)
      }
      if (p.startsWith('/api/userlogin/logout/')) return send(res, 204)
      if (p === '/api/account/phone/send-signin-code') return send(res, 204)
      if (p.startsWith('/api/') || p.startsWith('/connect/')) return abpError(res, 404, 'not found')
      // static files with the SPA fallback
      let file = join(dist, p)
      const st = await stat(file).catch(() => null)
      if (!st || !st.isFile()) file = join(dist, 'index.html')
      const data = await readFile(file)
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
      res.end(data)
    } catch (e) {
      send(res, 500, { error: { message: String(e) } })
    }
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = await startMock(Number(process.argv[2] ?? 8080))
  console.log(`mock kerf on http://127.0.0.1:${s.address().port}`)
}
