// Page configuration (spec 001 §3, §6, §7; docs/decisions/0010) as the host admin, in English:
// save my own columns of a table through its column settings, see them listed by the route's
// menu title; give them a role list and hidden fields (and see what a user of that role now
// gets from the server); copy them into another role configuration; delete both after
// confirming.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const ROUTE = 'zzzbasic-setupzzzpage-configuration'

before(async () => {
  env = await setup()
  page = await env.page({ locale: 'en-US' })
  await page.context().addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  await login(page)
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const rows = () => page.getByTestId('configs-table').locator('tr[data-row-key]')
const rowOf = (kind) => rows().filter({ has: page.locator(`[data-testid="config-edit"][data-kind="${kind}"]`) })
const dialog = () => page.getByTestId('config-dialog')

/** Picks an option of an antd select by its text. */
async function choose(select, text) {
  await select.locator('.ant-select-selector, .ant-select-content').first().click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click()
}

/** GET a path with the access token of `p` (the server's view of what applies). */
function apiGet(p, path) {
  return p.evaluate(async (path) => {
    const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
    const r = await fetch(path, { headers: { Authorization: `Bearer ${token.accessToken}`, 'Accept-Language': 'en' } })
    return { status: r.status, body: await r.json() }
  }, path)
}

test('open Basic setup > Page configuration: an empty list, in English', async () => {
  await page.goto('/basic-setup/page-configuration')
  await page.locator('[data-testid="page-title"]:visible', { hasText: 'Page configuration' }).waitFor()
  await page.getByTestId('configs-table').locator('.ant-empty').waitFor()
  await page.getByText('No page configuration yet', { exact: false }).waitFor()
})

test("save my own columns with the table's column settings; they are listed by the route's menu title", async () => {
  await page.getByTestId('configs-columns').click()
  await page.getByTestId('configs-column-dialog').waitFor()
  await page.getByTestId('configs-column-dialog-list-check-lastModificationTime').click()
  await page.getByTestId('configs-column-dialog-save').click()
  await page.getByTestId('configs-column-dialog').waitFor({ state: 'hidden' })
  // My columns apply at once: the unticked column is gone from the table.
  await page.getByTestId('configs-table').locator('th').filter({ hasText: 'Last modified' }).waitFor({ state: 'detached' })
  await rowOf('user').waitFor()
  const text = await rowOf('user').innerText()
  assert.match(text, /Page configuration/)
  assert.match(text, new RegExp(ROUTE))
  assert.match(text, /User/)
  assert.match(text, /admin/)
  assert.match(text, /5 of 6/)
  const mine = await apiGet(page, `/api/pageconfiguration/config/${ROUTE}`)
  assert.equal(mine.body.source, 'user')
  await shot(page, 'page-configuration-mine')
})

test('give my configuration a role list and hidden fields: it becomes the role configuration of sales', async () => {
  await rowOf('user').getByTestId('config-edit').click()
  await dialog().waitFor()
  assert.match(await page.getByTestId('config-dialog-route').innerText(), /Page configuration/)
  await choose(page.getByTestId('config-dialog-roles'), 'sales')
  await dialog().getByText("This is a user's own configuration; choosing roles makes it a role configuration.").waitFor()
  await choose(page.getByTestId('config-dialog-hidden'), 'Kind (kind)')
  await shot(page, 'page-configuration-dialog')
  await page.getByTestId('config-dialog-save').click()
  await toast('The configuration was saved').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await rowOf('role').waitFor()
  const text = await rowOf('role').innerText()
  assert.match(text, /Role/)
  assert.match(text, /sales/)
  assert.match(text, /kind/)
  assert.equal(await rowOf('user').count(), 0)
  await shot(page, 'page-configuration-role')

  // What the server now answers a sales user on that route: the role's columns, kind hidden.
  const sales = await env.page({ locale: 'en-US' })
  await login(sales, { username: 'sales' })
  const applied = await apiGet(sales, `/api/pageconfiguration/config/${ROUTE}`)
  assert.equal(applied.status, 200)
  assert.equal(applied.body.source, 'role')
  assert.equal(applied.body.allowed, true)
  assert.deepEqual(applied.body.hiddenFields, ['kind'])
  // The admin holds no role of the list, and is still allowed, with every column.
  const admin = await apiGet(page, `/api/pageconfiguration/config/${ROUTE}`)
  assert.equal(admin.body.allowed, true)
  assert.deepEqual(admin.body.hiddenFields, [])
})

test('create a role configuration by copying the configuration of a configured route', async () => {
  await page.getByTestId('configs-add').click()
  await dialog().waitFor()
  await choose(page.getByTestId('config-dialog-route-select'), ROUTE)
  await page.getByTestId('config-dialog-columns').waitFor()
  assert.match(await page.getByTestId('config-dialog-source').innerText(), /Roles: sales/)
  await choose(page.getByTestId('config-dialog-roles'), 'admin')
  await page.getByTestId('config-dialog-save').click()
  await toast('The role configuration was created').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await rows().filter({ hasText: 'admin' }).filter({ hasText: 'Role' }).waitFor()
  assert.equal(await rowOf('role').count(), 2)
})

test('delete both after confirming (Tips); cancelling deletes nothing', async () => {
  await rowOf('role').first().getByTestId('config-delete').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Tips' })
  await confirm.waitFor()
  assert.match(await confirm.innerText(), /Delete the role configuration of "Page configuration"\?/)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await confirm.waitFor({ state: 'detached' })
  assert.equal(await rowOf('role').count(), 2)
  for (let left = 1; left >= 0; left--) {
    await rowOf('role').first().getByTestId('config-delete').click()
    await page.locator('.ant-modal-confirm').filter({ hasText: 'Tips' }).waitFor()
    await page.getByTestId('confirm-delete').click()
    await toast('The configuration was deleted').waitFor()
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="configs-table"] [data-testid="config-edit"][data-kind="role"]').length === n,
      left,
    )
  }
  await page.getByTestId('configs-table').locator('.ant-empty').waitFor()
  await shot(page, 'page-configuration-empty')
})
