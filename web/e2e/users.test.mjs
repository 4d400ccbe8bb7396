// Users page (spec 002 §3, §6, §7.1), the flow: the host admin creates a user with a
// role; that user (own browser profile) sees only the menus the role grants; the admin grants
// the user one more permission and, after a reload, its menu appears for the user; the admin
// locks the user and the login is refused with a clear message; the admin unlocks the user,
// logs in as the user from the users page, and goes back.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, fetchMenu, login, menuLeaves, setup, shot } from './support.mjs'

let env
let admin
const stamp = Date.now().toString(36).slice(-5)
const USER = `e2e_clerk_${stamp}`

before(async () => {
  env = await setup()
  admin = await env.page()
  await login(admin)
})
after(async () => {
  await env?.close()
})

const row = (page, userName) => page.locator(`[data-testid="user-row"][data-username="${userName}"]`)

async function openUsers(page) {
  await page.goto('/admin/users')
  await page.getByTestId('users-table').waitFor()
}

async function findUser(page, userName) {
  const search = page.getByTestId('users-search').locator('input')
  await search.fill(userName)
  await search.press('Enter')
  await row(page, userName).waitFor()
}

async function rowAction(page, userName, action) {
  await row(page, userName).getByTestId('user-more').click()
  await page.locator(`.ant-dropdown:visible [data-testid="user-action-${action}"]`).click()
}

const sidebarLink = (page, path) => page.getByTestId('sidebar').locator(`a[href="${path}"]`)
const ADMIN_GROUP = '系统管理'
const adminGroup = (page) => page.getByTestId('sidebar').getByText(ADMIN_GROUP, { exact: true })

/** The page paths of the menu the server gives the user of `page`. */
async function menuPaths(page) {
  return new Set(menuLeaves(await fetchMenu(page)).map((p) => p.path))
}

async function toast(page, pattern) {
  await page.locator('.ant-message-notice', { hasText: pattern }).first().waitFor()
}

test('the admin creates a user with a role; the user sees only the menus the role grants', async () => {
  await openUsers(admin)
  await admin.getByTestId('users-add').click()
  const dialog = admin.getByTestId('user-dialog')
  await dialog.getByTestId('user-form-userName').fill(USER)
  await dialog.getByTestId('user-form-name').fill('开料')
  await dialog.getByTestId('user-form-email').fill(`${USER}@kerf.local`)
  await dialog.getByTestId('user-form-password').fill(PASSWORD)
  await dialog.getByTestId('user-form-confirmPassword').fill(PASSWORD)
  await dialog.getByTestId('user-tab-roles').click()
  await dialog.getByTestId('user-role-sales').check()
  await shot(admin, 'users-create')
  await admin.getByTestId('user-dialog-save').click()
  await toast(admin, '用户已创建')
  await findUser(admin, USER)
  assert.match(await row(admin, USER).innerText(), /sales/)
  await shot(admin, 'users-created')

  const clerk = await env.page()
  await login(clerk, { username: USER })
  await clerk.getByTestId('sidebar').getByText('产品目录', { exact: true }).waitFor()
  let paths = await menuPaths(clerk)
  assert.ok(paths.has('/catalog/products'), 'the sales role reads the catalogue')
  assert.ok(!paths.has('/admin/users') && !paths.has('/admin/roles'), 'no administration for the sales role')
  assert.equal(await adminGroup(clerk).count(), 0, 'no administration group in the sidebar')
  await shot(clerk, 'users-clerk-menu')

  // one more permission, granted to the user itself
  await rowAction(admin, USER, 'permissions')
  const tree = admin.getByTestId('permission-tree-dialog')
  await tree.getByTestId('permission-group-tab-AbpIdentity').click()
  // the role's grants show checked and disabled, named after the role
  await admin.getByTestId('permission-group-tab-Catalog').click()
  const products = tree.getByTestId('permission-node-SalesOrder.Products')
  assert.equal(await products.getAttribute('data-locked'), 'true')
  assert.match(await products.innerText(), /sales/)
  await admin.getByTestId('permission-group-tab-AbpIdentity').click()
  await tree.getByTestId('permission-node-AbpIdentity.Roles').click()
  await shot(admin, 'users-permissions')
  await admin.getByTestId('permission-tree-save').click()
  await toast(admin, '权限已保存')

  await clerk.reload()
  await adminGroup(clerk).click()
  await sidebarLink(clerk, '/admin/roles').waitFor()
  assert.equal(await sidebarLink(clerk, '/admin/users').count(), 0)
  paths = await menuPaths(clerk)
  assert.ok(paths.has('/admin/roles') && !paths.has('/admin/users'))
  await shot(clerk, 'users-clerk-menu-granted')
})

test('a locked user cannot log in and is told so; unlocked, the user can', async () => {
  await openUsers(admin)
  await findUser(admin, USER)
  await rowAction(admin, USER, 'lock')
  await admin.getByTestId('user-lock-day').click()
  await admin.getByTestId('user-lock-save').click()
  await toast(admin, '已锁定至')
  await row(admin, USER).getByTestId('user-locked').waitFor()
  await shot(admin, 'users-locked')

  const clerk = await env.page()
  await clerk.goto('/login')
  const form = clerk.getByTestId('password-login')
  await form.locator('input').nth(0).fill(USER)
  await form.locator('input[type="password"]').fill(PASSWORD)
  await clerk.getByTestId('login-submit').click()
  await toast(clerk, '锁定')
  assert.equal(new URL(clerk.url()).pathname, '/login')
  await shot(clerk, 'users-locked-login')

  await rowAction(admin, USER, 'lock')
  await admin.getByTestId('user-unlock').click()
  await toast(admin, '已解锁')
  await admin.waitForFunction((name) => {
    const r = document.querySelector(`[data-testid="user-row"][data-username="${name}"]`)
    return r && !r.querySelector('[data-testid="user-locked"]')
  }, USER)
  await login(clerk, { username: USER })
})

test('the admin logs in as the user from the users page, then goes back', async () => {
  await openUsers(admin)
  await findUser(admin, USER)
  await rowAction(admin, USER, 'impersonate')
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
  await admin.getByTestId('back-to-my-account').waitFor()
  assert.match(await admin.getByTestId('dashboard-username').innerText(), new RegExp(USER))
  const paths = await menuPaths(admin)
  assert.ok(paths.has('/admin/roles') && !paths.has('/admin/users'), 'while impersonating, the menu is the user’s')
  await shot(admin, 'users-impersonating')

  await admin.getByTestId('back-to-my-account').click()
  await admin.getByTestId('dashboard-username').getByText('admin').waitFor()
  assert.ok((await menuPaths(admin)).has('/admin/users'))
  assert.equal(await admin.getByTestId('back-to-my-account').count(), 0)
})

test('the admin sets the user a password and deletes the user after a confirmation', async () => {
  await openUsers(admin)
  await findUser(admin, USER)
  await rowAction(admin, USER, 'password')
  await admin.getByTestId('user-password-new').fill('Xy9#new1')
  await admin.getByTestId('user-password-confirm').fill('Xy9#new2')
  await admin.getByTestId('user-password-confirm').press('Enter')
  await admin.getByText('两次输入的密码不一致').waitFor()
  await admin.getByTestId('user-password-confirm').fill('Xy9#new1')
  await admin.getByTestId('user-password-confirm').press('Enter')
  await toast(admin, '密码已设置')

  const clerk = await env.page()
  await login(clerk, { username: USER, password: 'Xy9#new1' })

  await rowAction(admin, USER, 'delete')
  const confirm = admin.locator('.ant-modal-confirm')
  await confirm.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor()
  await confirm.getByRole('button', { name: /确\s*定/ }).click()
  await toast(admin, '用户已删除')
  await admin.getByTestId('users-table').getByText('没有符合条件的用户').waitFor()
})
