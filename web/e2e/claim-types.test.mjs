// Claim types (spec 002 §3 Claim type, §7.2) as the host admin: the seeded built-in types,
// create a type with a regex (a broken regex is refused before saving), edit it, delete it after
// confirming; a built-in type keeps its name and offers no delete.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const NAME = `e2e_badge_${stamp}`

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
const row = (name) => page.locator(`[data-testid="claim-type-row"][data-name="${name}"]`)
const dialog = () => page.getByTestId('claim-type-dialog')
const field = (name) => page.getByTestId(`claim-type-form-${name}`)

test('open 系统管理 > 声明类型: the built-in types, without delete', async () => {
  await page.goto('/admin/claim-type')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '声明类型' }).waitFor()
  await row('email').waitFor()
  assert.match(await row('email').innerText(), /内置/)
  assert.equal(await row('email').getByTestId('claim-type-delete').count(), 0)
  await shot(page, 'claim-types-list')
})

test('create a type with a regex; a broken regex is refused before saving', async () => {
  await page.getByTestId('claim-types-add').click()
  await dialog().waitFor()
  await field('name').fill(NAME)
  await field('regex').fill('^B[0-9{3}$')
  await page.getByTestId('claim-type-dialog-save').click()
  await dialog().locator('.ant-form-item-explain-error').filter({ hasText: '正则表达式有误' }).waitFor()
  await field('regex').fill('^B\\d{3}$')
  await field('sample').fill('B12')
  await page.getByTestId('claim-type-sample-result').filter({ hasText: '不匹配' }).waitFor()
  await field('sample').fill('B123')
  await page.getByTestId('claim-type-sample-result').filter({ hasText: '匹配' }).waitFor()
  await field('regexDescription').fill('B 加 3 位数字')
  await field('required').click()
  await field('regexDescription').press('Enter') // Enter saves
  await toast('新增成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await page.getByTestId('claim-types-search').locator('input').fill(NAME)
  await page.getByTestId('claim-types-search').locator('input').press('Enter')
  await row(NAME).waitFor()
  const text = await row(NAME).innerText()
  assert.match(text, /\^B\\d\{3\}\$/)
  assert.match(text, /B 加 3 位数字/)
  assert.match(text, /字符串/)
  assert.match(text, /是/) // required
  await shot(page, 'claim-types-created')
})

test('a regex Go cannot compile is refused by the server on the field', async () => {
  await row(NAME).getByTestId('claim-type-edit').click()
  await dialog().waitFor()
  assert.equal(await field('name').inputValue(), NAME)
  await field('regex').fill('^(?=B)\\w+$') // look-ahead: JavaScript reads it, the server (RE2) does not
  await page.getByTestId('claim-type-dialog-save').click()
  await dialog().locator('.ant-form-item-explain-error').filter({ hasText: '无法解析' }).waitFor()
  await shot(page, 'claim-types-server-regex')
  await field('regex').fill('^B\\d{4}$')
  await page.getByTestId('claim-type-dialog-save').click()
  await toast('修改成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
})

test('edit the type: value type and description; the table follows', async () => {
  await row(NAME).getByTestId('claim-type-edit').click()
  await dialog().waitFor()
  await field('valueType').click()
  await page.locator('.ant-select-dropdown:visible').getByText('整数', { exact: true }).click()
  await field('regex').fill('^\\d{4}$')
  await field('description').fill('E2E 徽章号')
  await page.getByTestId('claim-type-dialog-save').click()
  await toast('修改成功').waitFor()
  await row(NAME).filter({ hasText: 'E2E 徽章号' }).waitFor()
  assert.match(await row(NAME).innerText(), /整数/)
  assert.match(await row(NAME).innerText(), /\^\\d\{4\}\$/)
})

test('a built-in type opens with its name read-only', async () => {
  await page.getByTestId('claim-types-search').locator('input').fill('email')
  await page.getByTestId('claim-types-search').locator('input').press('Enter')
  await row('email').getByTestId('claim-type-edit').click()
  await dialog().waitFor()
  assert.equal(await field('name').isDisabled(), true)
  await page.keyboard.press('Escape')
  await dialog().waitFor({ state: 'hidden' })
})

test('delete the type after confirming', async () => {
  await page.getByTestId('claim-types-search').locator('input').fill(NAME)
  await page.getByTestId('claim-types-search').locator('input').press('Enter')
  await row(NAME).getByTestId('claim-type-delete').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).filter({ hasText: NAME }).waitFor()
  await confirmOk().click()
  await toast('删除成功').waitFor()
  await row(NAME).waitFor({ state: 'detached' })
  await page.getByTestId('claim-types-table').locator('.ant-empty').waitFor()
})
