// Roles page (spec 000 §7 Roles, spec 002 §6) as the host admin, on the real server: the seeded
// roles with the built-in admin that cannot be deleted; create a role (a duplicate name is
// refused with the server's message on the field); rename it; grant it one permission group with
// "select all of the group" and see the grants kept; a user given the role sees that group's
// menu; give the role a claim (a value breaking the claim type's regex is refused); delete the
// role after confirming, and its user loses the menu.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, fetchMenu, login, menuLeaves, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const NAME = `e2e_role_${stamp}`
const RENAMED = `e2e_auditor_${stamp}`
const USER = `e2e_auditor_user_${stamp}`
let clerk // the page of the user given the role

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const confirmOk = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last()
const row = (name) => page.locator(`[data-testid="role-row"][data-name="${name}"]`)
const roleDialog = () => page.locator('.ant-modal').filter({ has: page.getByTestId('role-dialog') })
const fieldError = (text) => roleDialog().locator('.ant-form-item-explain-error').filter({ hasText: text })
const treeDialog = () => page.locator('.ant-modal').filter({ has: page.getByTestId('permission-tree-dialog') })
const claimsDialog = () => page.locator('.ant-modal').filter({ has: page.getByTestId('claims-dialog') })
/** Closes a dialog with its Cancel button (antd spaces two-character labels: 取 消). */
async function cancel(dialog) {
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await dialog.waitFor({ state: 'hidden' })
}
/** The text of a row's column (0: name, 1: default, 2: public, 3: users). */
const cell = (name, i) => row(name).locator('td').nth(i).innerText()

/** Calls the API as the user logged in on `p`, in Chinese; answers {status, data}. */
async function api(p, method, path, body) {
  return p.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Accept-Language': 'zh-Hans', 'Content-Type': 'application/json' }
      const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: r.status, data: await r.json().catch(() => null) }
    },
    { method, path, body },
  )
}

async function menuPaths(p) {
  return new Set(menuLeaves(await fetchMenu(p)).map((x) => x.path))
}

async function search(name) {
  const input = page.getByTestId('roles-search').locator('input')
  await input.fill(name)
  await input.press('Enter')
  await row(name).waitFor()
  // the rows shown before the search answers contain name too: wait for the filtered table
  await page.waitForFunction((n) => {
    const rows = [...document.querySelectorAll('[data-testid="role-row"]')]
    return rows.length > 0 && rows.every((r) => (r.textContent ?? '').includes(n))
  }, name)
}

test('open 系统管理 > 角色: the seeded roles; the built-in admin cannot be deleted', async () => {
  await page.goto('/admin/roles')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '角色' }).waitFor()
  await row('admin').waitFor()
  await row('sales').waitFor()
  // the admin role is marked built in and its delete is disabled; sales can be deleted
  assert.equal(await row('admin').getByTestId('role-static').innerText(), '内置')
  assert.equal(await row('admin').getByTestId('role-delete').isDisabled(), true)
  assert.equal(await row('sales').getByTestId('role-static').count(), 0)
  assert.equal(await row('sales').getByTestId('role-delete').isEnabled(), true)
  await row('admin').getByTestId('role-delete').hover()
  await page.locator('.ant-tooltip:visible').filter({ hasText: '内置角色不能删除' }).waitFor()
  await shot(page, 'roles-list')

  // the admin role opens with its name read-only and says why
  await row('admin').getByTestId('role-edit').click()
  await roleDialog().getByText('编辑角色 - admin').waitFor()
  assert.equal(await page.getByTestId('role-form-name').inputValue(), 'admin')
  assert.equal(await page.getByTestId('role-form-name').isDisabled(), true)
  await roleDialog().getByText('内置角色不能改名，也不能删除').waitFor()
  await cancel(roleDialog())
})

test('create a role: a taken name is refused with the server’s message; the new role is listed', async () => {
  await page.getByTestId('roles-add').click()
  await roleDialog().getByText('新建角色').waitFor()
  await page.getByTestId('role-form-name').fill('sales')
  await page.getByTestId('role-dialog-save').click()
  await fieldError('角色名 sales 已被使用').waitFor()
  await shot(page, 'roles-duplicate')

  await page.getByTestId('role-form-name').fill(NAME)
  await fieldError('已被使用').waitFor({ state: 'detached' })
  await page.getByTestId('role-form-isDefault').click() // default: on
  await page.getByTestId('role-form-isPublic').click() // public: off
  assert.equal(await page.getByTestId('role-form-isDefault').getAttribute('aria-checked'), 'true')
  assert.equal(await page.getByTestId('role-form-isPublic').getAttribute('aria-checked'), 'false')
  await page.getByTestId('role-dialog-save').click()
  await toast('角色已创建').waitFor()
  await roleDialog().waitFor({ state: 'hidden' })
  await row(NAME).waitFor()
  assert.match(await cell(NAME, 0), /默认/)
  assert.equal(await cell(NAME, 1), '是')
  assert.equal(await cell(NAME, 2), '否')
  assert.equal(await cell(NAME, 3), '0')
  assert.equal(await row(NAME).getByTestId('role-delete').isEnabled(), true)
  await shot(page, 'roles-created')
})

test('rename the role (Enter saves): the table follows', async () => {
  await row(NAME).getByTestId('role-edit').click()
  await roleDialog().getByText(`编辑角色 - ${NAME}`).waitFor()
  assert.equal(await page.getByTestId('role-form-name').inputValue(), NAME)
  await roleDialog().getByText('改名后该角色的权限随之转到新名字').waitFor()
  await page.getByTestId('role-form-name').fill(RENAMED)
  await page.getByTestId('role-form-name').press('Enter')
  await toast('角色已保存').waitFor()
  await roleDialog().waitFor({ state: 'hidden' })
  await row(RENAMED).waitFor()
  await row(NAME).waitFor({ state: 'detached' })
  assert.equal(await cell(RENAMED, 1), '是') // the flags are kept
  assert.equal(await cell(RENAMED, 2), '否')
  await search(RENAMED)
  assert.equal(await page.getByTestId('role-row').count(), 1)
  await shot(page, 'roles-renamed')
})

test('grant the role a whole permission group; the grants are kept and reach a user of the role', async () => {
  await row(RENAMED).getByTestId('role-permissions').click()
  await treeDialog().getByText(`角色权限 - ${RENAMED}`).waitFor()
  const tab = page.getByTestId('permission-group-tab-AbpAuditing')
  await tab.click()
  assert.match(await tab.innerText(), /审计\s*\(0\/\d+\)/)
  const groupAll = page.getByTestId('permission-group-all-AbpAuditing')
  assert.equal(await groupAll.isChecked(), false)
  await groupAll.check()
  const [, checked, total] = (await tab.innerText()).match(/\((\d+)\/(\d+)\)/)
  assert.ok(Number(total) >= 2 && checked === total, `the whole group is ticked: ${checked}/${total}`)
  await shot(page, 'roles-permissions')
  await page.getByTestId('permission-tree-save').click()
  await toast('权限已保存').waitFor()
  await treeDialog().waitFor({ state: 'hidden' })

  // reopened, the group is still ticked, each of its permissions too; other groups are not
  await row(RENAMED).getByTestId('role-permissions').click()
  await treeDialog().getByText(`角色权限 - ${RENAMED}`).waitFor()
  await tab.click()
  await page.getByTestId('permission-node-AbpAuditing.AuditLog').waitFor()
  assert.equal(await groupAll.isChecked(), true)
  assert.match(await tab.innerText(), new RegExp(`\\(${total}/${total}\\)`))
  const pane = page.getByTestId('permission-group-AbpAuditing')
  const ticks = await pane.locator('[data-testid^="permission-node-"]').evaluateAll((els) =>
    els.map((e) => [e.dataset.testid, !!e.closest('.ant-tree-treenode')?.classList.contains('ant-tree-treenode-checkbox-checked')]),
  )
  assert.equal(ticks.length, Number(total), JSON.stringify(ticks))
  assert.ok(ticks.every(([, on]) => on), `every permission of the group is ticked: ${JSON.stringify(ticks)}`)
  assert.match(await page.getByTestId('permission-group-tab-AbpIdentity').innerText(), /\(0\/\d+\)/)
  await shot(page, 'roles-permissions-kept')
  await cancel(treeDialog())

  // a user with only this role, created through the API
  const made = await api(page, 'POST', '/api/identity/users', {
    userName: USER,
    name: '审计员',
    email: `${USER}@kerf.local`,
    password: PASSWORD,
    roleNames: [RENAMED],
  })
  assert.equal(made.status, 200, JSON.stringify(made.data))
  await page.reload()
  await search(RENAMED)
  assert.equal(await cell(RENAMED, 3), '1')

  // the user (own browser profile) sees the auditing menu and no administration
  clerk = await env.page()
  await login(clerk, { username: USER })
  const sidebar = clerk.getByTestId('sidebar')
  await sidebar.getByText('审计日志', { exact: true }).first().click()
  await sidebar.locator('a[href="/auditing/audit-log"]').waitFor()
  await sidebar.locator('a[href="/auditing/security-log"]').waitFor()
  assert.equal(await sidebar.getByText('系统管理', { exact: true }).count(), 0)
  const paths = await menuPaths(clerk)
  assert.ok(paths.has('/auditing/audit-log') && paths.has('/auditing/security-log'), 'the role grants the auditing pages')
  assert.ok(!paths.has('/admin/roles') && !paths.has('/catalog/products'), 'and nothing else')
  await shot(clerk, 'roles-user-menu')
})

test('give the role a claim; a value breaking the type’s regex is refused', async () => {
  await row(RENAMED).getByTestId('role-claims').click()
  await claimsDialog().getByText(`角色声明 - ${RENAMED}`).waitFor()
  await claimsDialog().getByText('还没有声明').waitFor()
  await page.getByTestId('claims-add').click()
  await claimsDialog().getByTestId('claim-type').click()
  await page.locator('.ant-select-dropdown:visible').getByText('email · 文本', { exact: true }).click()
  const value = claimsDialog().getByTestId('claim-value')
  await value.fill('审计组')
  await page.getByTestId('claims-save').click()
  const problem = claimsDialog().getByTestId('claim-problem')
  await problem.waitFor()
  assert.equal(await problem.innerText(), 'email 的值格式不正确：电子邮件地址，如 name@example.com (an e-mail address)')
  await shot(page, 'roles-claim-refused')
  // the server refuses it too, with the same reason
  const roleId = (await api(page, 'GET', `/api/identity/roles?Filter=${RENAMED}`)).data.items[0].id
  const refused = await api(page, 'PUT', `/api/identity/roles/${roleId}/claims`, [{ claimType: 'email', claimValue: '审计组' }])
  assert.equal(refused.status, 400)
  assert.match(refused.data.error.details, /email 的值格式不正确/)

  await value.fill('audit@kerf.local')
  await problem.waitFor({ state: 'detached' })
  await page.getByTestId('claims-save').click()
  await toast('声明已保存').waitFor()
  await claimsDialog().waitFor({ state: 'hidden' })

  await row(RENAMED).getByTestId('role-claims').click()
  await claimsDialog().getByText(`角色声明 - ${RENAMED}`).waitFor()
  await value.waitFor()
  assert.equal(await claimsDialog().getByTestId('claim-value').count(), 1)
  assert.equal(await value.inputValue(), 'audit@kerf.local')
  assert.match(await claimsDialog().getByTestId('claim-type').innerText(), /email/)
  await shot(page, 'roles-claim-kept')
  await cancel(claimsDialog())
})

test('delete the role after confirming: it leaves the table and its user loses the menu', async () => {
  await row(RENAMED).getByTestId('role-delete').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提示' })
  await confirm.filter({ hasText: `确定删除角色 ${RENAMED} 吗？1 个用户将失去该角色，其权限将一并删除。` }).waitFor()
  await shot(page, 'roles-delete-confirm')
  await confirmOk().click()
  await toast('角色已删除').waitFor()
  await row(RENAMED).waitFor({ state: 'detached' })
  await page.getByTestId('roles-table').getByText('没有符合条件的角色').waitFor()
  await page.getByTestId('roles-search-reset').click()
  await row('admin').waitFor()
  await row('sales').waitFor()
  assert.equal(await page.getByTestId('role-row').count(), 2)

  await clerk.reload()
  await clerk.getByTestId('sidebar').getByText('首页', { exact: true }).waitFor()
  const paths = await menuPaths(clerk)
  assert.ok(!paths.has('/auditing/audit-log'), 'without the role, no auditing menu')
  assert.equal(await clerk.getByTestId('sidebar').getByText('审计日志', { exact: true }).count(), 0)
})
