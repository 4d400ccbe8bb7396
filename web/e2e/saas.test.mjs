import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chooseOption, freePort, login, setup, shot, spawnKerf, waitReady } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

const ADMIN_PASSWORD = 'Acme-2026!'

/** The open AntD confirmation's OK button. */
const confirmOk = (page) => page.locator('.ant-modal-confirm-btns .ant-btn-primary')

/** Opens a tenant row's "More" menu and picks an action. */
async function tenantAction(page, name, action) {
  await page.locator(`[data-testid="tenant-row"][data-name="${name}"]`).getByTestId('tenant-more').click()
  await page.locator('.ant-dropdown:visible').getByTestId(action).click()
}

test('an edition and a tenant in it; its admin logs in; the host switches optimisation off and its menu goes; "log in as administrator" lands in the tenant', async () => {
  const host = await env.page({ locale: 'en-US' })
  await login(host)

  // An edition.
  await host.goto('/saas/editions')
  await host.getByTestId('editions-add').click()
  await host.getByTestId('edition-form-displayName').fill('Gold')
  await host.getByTestId('edition-dialog-save').click()
  await host.locator('[data-testid="edition-row"][data-name="Gold"]').waitFor()

  // A tenant with it, and its administrator.
  await host.goto('/saas/tenants')
  await host.getByTestId('tenants-add').click()
  await host.getByTestId('tenant-form-name').fill('acme')
  await chooseOption(host, host.getByTestId('tenant-dialog').locator('.ant-select'), 'Gold')
  await host.getByTestId('tenant-form-email').fill('boss@acme.test')
  await host.getByTestId('tenant-form-password').fill(ADMIN_PASSWORD)
  await host.getByTestId('tenant-dialog-save').click()
  const row = host.locator('[data-testid="tenant-row"][data-name="acme"]')
  await row.waitFor()
  assert.match(await row.innerText(), /Gold/)
  assert.match(await row.innerText(), /启用/) // the interface speaks zh-Hans by default
  await shot(host, 'saas-tenants')

  // Its administrator logs in (another browser profile) and has the optimisation menu.
  const boss = await env.page({ locale: 'en-US' })
  await login(boss, { tenant: 'acme', password: ADMIN_PASSWORD })
  await boss.getByTestId('menu-engineOptimization').waitFor()

  // The host switches Kerf.Optimization off for the tenant in the features dialog.
  await tenantAction(host, 'acme', 'tenant-features')
  const sw = host.getByTestId('feature-Kerf.Optimization')
  await sw.waitFor()
  assert.equal(await sw.getAttribute('aria-checked'), 'true')
  await sw.click()
  assert.equal(await sw.getAttribute('aria-checked'), 'false')
  await host.getByTestId('features-save').click()
  await host.getByTestId('features-form').waitFor({ state: 'detached' })

  // After a reload the tenant's admin no longer sees optimisation; the dialog shows the
  // tenant's own value.
  await boss.reload()
  await boss.getByTestId('layout').waitFor()
  await boss.getByTestId('menu-dashboard').waitFor()
  assert.equal(await boss.getByTestId('menu-engineOptimization').count(), 0, 'the optimisation menu is gone')
  await shot(boss, 'saas-tenant-without-optimisation')
  await tenantAction(host, 'acme', 'tenant-features')
  await host.getByTestId('feature-Kerf.Optimization').waitFor()
  assert.equal(await host.getByTestId('feature-Kerf.Optimization').getAttribute('aria-checked'), 'false')
  await host.locator('.ant-modal:visible .ant-modal-close').click()
  await host.getByTestId('features-form').waitFor({ state: 'detached' })

  // "Log in as administrator" from the tenant list lands in the tenant, as its admin.
  await tenantAction(host, 'acme', 'tenant-impersonate')
  await confirmOk(host).click()
  await host.waitForURL('**/dashboard')
  await host.getByTestId('back-to-my-account').waitFor()
  const who = await host.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('kerf.token'))
    const r = await fetch('/api/abp/application-configuration', { headers: { Authorization: `Bearer ${token.accessToken}` } })
    const c = await r.json()
    return { tenant: c.currentTenant.name, user: c.currentUser.userName }
  })
  assert.deepEqual(who, { tenant: 'acme', user: 'admin' })
  assert.equal(await host.getByTestId('menu-engineOptimization').count(), 0)
  await shot(host, 'saas-logged-in-as-tenant-admin')
})

test('with multi-tenancy off the login page has no tenant field and the host has no SaaS menu', async () => {
  const port = await freePort()
  const dir = await mkdtemp(join(tmpdir(), 'kerf-e2e-'))
  const args = ['--addr', `127.0.0.1:${port}`, '--database', `sqlite://${dir}/kerf.db`, '--data-dir', dir, '--demo=true']
  const single = spawnKerf(process.env.KERF_BIN, args, { env: { KERF_MULTI_TENANCY: 'false' }, dir })
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitReady(baseURL, single.child, single.output)
    const context = await env.browser.newContext({ baseURL, serviceWorkers: 'block', locale: 'en-US', viewport: { width: 1366, height: 800 } })
    await context.addInitScript(() => localStorage.setItem('kerf.clickGuard', 'off'))
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('password-login').waitFor()
    await page.getByTestId('login-submit').waitFor()
    assert.equal(await page.getByTestId('tenant-switch').count(), 0, 'no tenant field')
    await shot(page, 'saas-single-tenant-login')
    await login(page)
    await page.getByTestId('menu-dashboard').waitFor()
    assert.equal(await page.getByTestId('menu-saas').count(), 0, 'no SaaS section')
    await context.close()
  } finally {
    await single.stop()
  }
})
