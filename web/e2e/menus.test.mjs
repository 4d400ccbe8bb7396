// Menu administration (spec 002 §2.4, §7.6) as the host admin: open 容器 > 菜单管理, create a
// child entry under the container group (server validation shown on the field), see it in the
// sidebar, edit its display name, refuse deleting a group with children, delete the entry,
// restore the defaults.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const NAME = `e2e.menu${stamp}`
const TITLE = `E2E菜单${stamp}`
const TITLE_EDITED = `E2E改名${stamp}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

const row = (text) => page.getByTestId('menu-row').filter({ has: page.getByTestId('menu-row-name').getByText(text, { exact: true }) })
const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const confirmOk = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last()
const dialog = () => page.getByTestId('menu-dialog')
const sidebar = () => page.getByTestId('sidebar')

test('open 容器 > 菜单管理 from the sidebar', async () => {
  await sidebar().getByTestId('menu-container').click()
  await sidebar().getByTestId('menu-container.menus').click()
  await page.waitForURL('**/container/menus')
  // while the route settles the shell may briefly hold a second, hidden copy of the page
  await page.locator('[data-testid="page-title"]:visible', { hasText: '菜单管理' }).waitFor()
  await row('容器').waitFor()
  assert.equal(await page.getByTestId('menus-table').count(), 1)
  await row('菜单管理').waitFor() // the tree is expanded: the child shows under its group
  const text = await row('菜单管理').innerText()
  assert.match(text, /\/container\/menus/)
  assert.match(text, /container\/menus\/index/)
  assert.match(text, /Platform\.Menus/)
  await shot(page, 'menus-list')
})

test('search filters and reset shows everything again', async () => {
  await page.getByTestId('menus-search').fill('container/menus')
  await page.getByTestId('menus-search-submit').click()
  await page.getByTestId('menu-row').first().waitFor()
  await page.waitForFunction(() => !document.querySelector('[data-testid="menus-table"] .ant-spin-spinning'))
  assert.equal(await row('首页').count(), 0)
  await row('菜单管理').waitFor()
  await page.getByTestId('menus-search-reset').click()
  await row('首页').waitFor()
})

test('create a child entry under the container group; it shows in the sidebar', async () => {
  await row('容器').getByTestId('menu-create-child').click()
  await dialog().waitFor()
  // the parent is preset to the group
  await dialog().getByTestId('menu-form-parentId').filter({ hasText: '容器' }).waitFor()
  // a taken name: the server's localised validation message shows on the name field
  await page.getByTestId('menu-form-name').fill('container.menus')
  await page.getByTestId('menu-form-displayNameZhHans').fill(TITLE)
  await page.getByTestId('menu-form-displayNameEn').fill(`E2E menu ${stamp}`)
  await page.getByTestId('menu-form-path').fill(`/container/e2e-${stamp}`)
  await page.getByTestId('menu-form-component').fill(`e2e/${stamp}/index`)
  await page.getByTestId('menu-form-order').fill('99')
  await page.getByTestId('menu-dialog-save').click()
  await dialog().locator('.ant-form-item-explain-error').filter({ hasText: '名称为 container.menus 的菜单已存在' }).waitFor()
  await shot(page, 'menus-validation')

  await page.getByTestId('menu-form-name').fill(NAME)
  await page.getByTestId('menu-dialog-save').click()
  await toast('新增成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await row(TITLE).waitFor()
  await sidebar().getByTestId(`menu-${NAME}`).filter({ hasText: TITLE }).waitFor()
  await shot(page, 'menus-created')
})

test('edit the display name; table and sidebar follow', async () => {
  await row(TITLE).getByTestId('menu-edit').click()
  await dialog().waitFor()
  assert.equal(await page.getByTestId('menu-form-name').inputValue(), NAME)
  assert.equal(await page.getByTestId('menu-form-name').isDisabled(), true)
  await page.getByTestId('menu-form-displayNameZhHans').fill(TITLE_EDITED)
  await page.getByTestId('menu-dialog-save').click()
  await toast('修改成功').waitFor()
  await row(TITLE_EDITED).waitFor()
  await sidebar().getByTestId(`menu-${NAME}`).filter({ hasText: TITLE_EDITED }).waitFor()
})

test('deleting a group with children is refused with the server message', async () => {
  await row('容器').getByTestId('menu-delete').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).waitFor()
  await confirmOk().click()
  await toast('该菜单还有 2 个下级菜单，请先删除它们').waitFor()
  await row('容器').waitFor()
  await shot(page, 'menus-delete-refused')
})

test('delete the entry after confirming; it leaves the table and the sidebar', async () => {
  await row(TITLE_EDITED).getByTestId('menu-delete').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: TITLE_EDITED }).waitFor()
  await confirmOk().click()
  await toast('删除成功').waitFor()
  await row(TITLE_EDITED).waitFor({ state: 'detached' })
  await sidebar().getByTestId(`menu-${NAME}`).waitFor({ state: 'detached' })
})

test('restore defaults after confirming', async () => {
  await page.getByTestId('menus-restore').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).waitFor()
  await confirmOk().click()
  await toast('已恢复默认菜单').waitFor()
  await row('菜单管理').waitFor()
})
