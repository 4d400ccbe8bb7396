// Audit logs, security logs and the user change history (spec 002 §7.10, §6) as the host
// admin: a user is created and edited through the API; the audit log finds the edit's request
// and shows its entity change old → new beside the request; the security log shows the admin's
// login; the user change history (/admin/auditing) shows the edit as who, when, old → new; an
// audit log row is deleted after a confirmation; the demo tenant's admin sees none of it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const USER = `e2e.audit${stamp}`
const OLD_SURNAME = `Old${stamp}`
const NEW_SURNAME = `New${stamp}`
let userId = ''

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

/** Calls the API as the logged-in user of `p`. */
async function api(p, method, path, body) {
  return p.evaluate(
    async ([m, u, b]) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json' }
      const tenant = localStorage.getItem('kerf.currentTenant')
      if (tenant) headers.__tenant = tenant
      const r = await fetch(u, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) })
      const text = await r.text()
      return { status: r.status, body: text ? JSON.parse(text) : null }
    },
    [method, path, body],
  )
}

const confirmOk = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last()
const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const tableIdle = (p, id) => p.waitForFunction((t) => !document.querySelector(`[data-testid="${t}-table"] .ant-spin-spinning`), id)

/** Searches the audit log until a row of `method` shows for the URL filter (the writer batches rows every 200 ms). */
async function findAuditRow(p, url, method) {
  await p.getByTestId('filter-url').fill(url)
  const rows = p.getByTestId('audit-row').filter({ has: p.getByTestId('audit-row-method').getByText(method, { exact: true }) })
  for (let i = 0; i < 30; i++) {
    await p.getByTestId('audit-search-submit').click()
    await tableIdle(p, 'audit')
    if ((await rows.count()) > 0) return rows.first()
    await p.waitForTimeout(300)
  }
  throw new Error(`no ${method} row for ${url} in the audit log`)
}

test('a user is created and edited through the API', async () => {
  const created = await api(page, 'POST', '/api/identity/users', { userName: USER, name: 'Audit', surname: OLD_SURNAME, password: PASSWORD })
  assert.equal(created.status, 200, JSON.stringify(created.body))
  userId = created.body.id
  const edited = await api(page, 'PUT', `/api/identity/users/${userId}`, {
    userName: USER,
    name: 'Audit',
    surname: NEW_SURNAME,
    concurrencyStamp: created.body.concurrencyStamp,
  })
  assert.equal(edited.status, 200, JSON.stringify(edited.body))
})

test('the audit log finds the edit and shows its entity change, old → new, beside the request', async () => {
  await page.goto('/auditing/audit-log')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '审计日志' }).waitFor()
  await page.getByTestId('audit-row').first().waitFor()
  const row = await findAuditRow(page, `/api/identity/users/${userId}`, 'PUT')
  assert.match(await row.innerText(), /admin/)
  assert.equal(await row.getByTestId('audit-row-status').innerText(), '200')
  await shot(page, 'auditing-audit-log')

  await row.getByTestId('audit-row-detail').click()
  const drawer = page.getByTestId('audit-detail-request')
  await drawer.waitFor()
  assert.match(await page.getByTestId('audit-detail-url').innerText(), new RegExp(`/api/identity/users/${userId}`))
  assert.match(await drawer.innerText(), /HeadlessChrome|Chrome/) // the browser that sent it
  await page.getByTestId('audit-action').first().waitFor()

  const change = page.getByTestId('entity-change').filter({ has: page.getByTestId('entity-id').getByText(userId, { exact: true }) })
  await change.waitFor()
  assert.equal(await change.getByTestId('change-type').innerText(), '修改')
  assert.equal(await change.getByTestId('entity-type').innerText(), 'User')
  const surname = change.getByTestId('property-row').filter({ has: page.getByTestId('property-name').getByText('surname', { exact: true }) })
  assert.equal(await surname.getByTestId('property-original').innerText(), OLD_SURNAME)
  assert.equal(await surname.getByTestId('property-new').innerText(), NEW_SURNAME)
  assert.equal(await surname.getAttribute('data-changed'), 'true')
  // the password hash is never recorded
  assert.equal(await change.getByTestId('property-name').getByText(/password/i).count(), 0)
  await shot(page, 'auditing-audit-log-detail')
  await page.keyboard.press('Escape')
  await page.getByTestId('audit-detail-request').waitFor({ state: 'hidden' })
})

test('the creating request shows the new user’s values, and no password', async () => {
  const row = await findAuditRow(page, '/api/identity/users', 'POST')
  await row.getByTestId('audit-row-detail').click()
  const change = page.getByTestId('entity-change').filter({ has: page.getByTestId('entity-id').getByText(userId, { exact: true }) })
  await change.waitFor()
  assert.equal(await change.getByTestId('change-type').innerText(), '新增')
  const userName = change.getByTestId('property-row').filter({ has: page.getByTestId('property-name').getByText('userName', { exact: true }) })
  assert.equal(await userName.getByTestId('property-new').innerText(), USER)
  assert.equal(await change.getByTestId('property-name').getByText(/password/i).count(), 0)
  await page.keyboard.press('Escape')
  await page.getByTestId('audit-detail-request').waitFor({ state: 'hidden' })
})

test('the security log shows the admin’s login', async () => {
  await page.goto('/auditing/security-log')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '安全日志' }).waitFor()
  const login = page.getByTestId('security-row').filter({ has: page.getByTestId('security-row-action').getByText('登录成功', { exact: true }) })
  await login.first().waitFor()
  assert.match(await login.first().innerText(), /admin/)
  // the action filter asks the server for that action only
  await page.getByTestId('filter-action').locator('input').fill('Logout')
  await page.getByTestId('security-search-submit').click()
  await tableIdle(page, 'security')
  await page.getByTestId('security-table').getByText('暂无安全日志').first().waitFor()
  await page.getByTestId('security-search-reset').click()
  await login.first().waitFor()
  await shot(page, 'auditing-security-log')
})

test('the user change history shows the edit: who, when, old → new', async () => {
  await page.goto('/admin/auditing')
  await page.getByTestId('history-pick-hint').waitFor()
  await page.getByTestId('user-picker-search').locator('input').fill(USER)
  await page.getByTestId('user-picker-search').locator('input').press('Enter')
  await page.locator(`[data-testid="user-picker-row"][data-username="${USER}"]`).click()
  const entries = page.getByTestId('history-entry')
  await entries.nth(1).waitFor()
  const edit = entries.first()
  assert.equal(await edit.getAttribute('data-kind'), 'updated')
  assert.equal(await edit.getByTestId('history-who').innerText(), 'admin')
  const line = edit.getByTestId('history-line').filter({ has: page.getByTestId('history-property').getByText('surname', { exact: true }) })
  assert.equal(await line.getByTestId('history-from').innerText(), OLD_SURNAME)
  assert.equal(await line.getByTestId('history-to').innerText(), NEW_SURNAME)
  assert.equal(await entries.last().getAttribute('data-kind'), 'created')
  await shot(page, 'auditing-user-history')
})

test('an audit log row is deleted after a confirmation', async () => {
  await page.goto('/auditing/audit-log')
  await page.getByTestId('audit-row').first().waitFor()
  const row = await findAuditRow(page, `/api/identity/users/${userId}`, 'PUT')
  await row.getByTestId('audit-row-delete').click()
  await page.locator('.ant-modal-confirm-title').filter({ hasText: '提示' }).waitFor()
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' })
  await confirmOk().click()
  // the first notice after the click is the answer: success, or the error the server gave
  const notice = page.locator('.ant-message-notice').first()
  await notice.waitFor()
  assert.match(await notice.innerText(), /删除成功/)
  await tableIdle(page, 'audit')
  assert.equal(await page.getByTestId('audit-row').filter({ has: page.getByTestId('audit-row-method').getByText('PUT', { exact: true }) }).count(), 0)
})

test('the demo tenant’s admin sees none of the host’s audit logs', async () => {
  const tenant = await env.page()
  await login(tenant, { tenant: 'demo' })
  await tenant.goto('/auditing/audit-log')
  await tenant.getByTestId('audit-table').waitFor()
  await tenant.getByTestId('filter-url').fill('/api/identity/users')
  await tenant.getByTestId('audit-search-submit').click()
  await tableIdle(tenant, 'audit')
  const r = await api(tenant, 'GET', `/api/audit-logging/audit-logs?url=${encodeURIComponent(`/api/identity/users/${userId}`)}`)
  assert.equal(r.status, 200)
  assert.equal(r.body.totalCount, 0)
  assert.equal(await tenant.getByTestId('audit-row-url').filter({ hasText: userId }).count(), 0)
})
