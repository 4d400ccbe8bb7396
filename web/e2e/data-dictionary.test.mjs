// Data dictionaries (spec 001 §3, §7; docs/decisions/0010) as the host admin on the real server:
// the seeded built-in dictionaries (which cannot be deleted), create a dictionary with two items,
// the taken-code refusal in Chinese, the items in the drawer with its preview select, edit an
// item, delete the dictionary after confirming, and the page in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const CODE = `E2E_Colour_${stamp}`
const NAME = `E2E 颜色 ${stamp}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const actions = (code) => page.locator(`[data-testid="dictionary-actions"][data-code="${code}"]`)
const dialog = () => page.getByTestId('dictionary-dialog')
const drawer = () => page.getByTestId('details-drawer')
const detailRow = (code) => drawer().locator(`[data-testid="detail-row"][data-code="${code}"]`)
const search = async (code) => {
  await page.getByTestId('dictionary-search-code').fill(code)
  await page.getByTestId('dictionary-search-code').press('Enter')
}

test('open 基础设置 > 数据字典: the built-in dictionaries, which cannot be deleted', async () => {
  await page.goto('/basic-setup/data-dictionary')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '数据字典' }).waitFor()
  await actions('SeparatePallet').waitFor()
  await actions('SalesOrderKuJiaLeQuotationType').waitFor()
  const del = actions('SeparatePallet').getByTestId('dictionary-delete')
  assert.equal(await del.isDisabled(), true)
  await del.hover({ force: true })
  await page.locator('.ant-tooltip:visible').filter({ hasText: '内置数据字典不能删除' }).waitFor()
  assert.match(await page.getByTestId('dictionaries-table').locator('tr', { has: actions('SeparatePallet') }).innerText(), /内置/)
  await shot(page, 'data-dictionary-list')
})

test('create a dictionary with two items in one save', async () => {
  await page.getByTestId('dictionary-add').click()
  await dialog().waitFor()
  await page.getByTestId('dictionary-form-code').fill(CODE)
  await page.getByTestId('dictionary-form-displayName').fill(NAME)
  await page.getByTestId('dictionary-form-description').fill('柜体颜色')
  await page.getByTestId('dictionary-form-add-detail').click()
  await page.getByTestId('dictionary-form-add-detail').click()
  await page.getByTestId('dictionary-form-detail-0-code').fill('White')
  await page.getByTestId('dictionary-form-detail-0-label').fill('暖白')
  await page.getByTestId('dictionary-form-detail-0-value').fill('WW')
  await page.getByTestId('dictionary-form-detail-1-code').fill('Oak')
  await page.getByTestId('dictionary-form-detail-1-label').fill('橡木')
  await page.getByTestId('dictionary-form-detail-1-value').fill('OK')
  await page.getByTestId('dictionary-form-detail-1-isDefault').check()
  await page.getByTestId('dictionary-form-detail-1-value').press('Enter') // Enter saves
  await toast('新增成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await search(CODE)
  await actions(CODE).waitFor()
  const row = page.getByTestId('dictionaries-table').locator('tr', { has: actions(CODE) })
  assert.match(await row.innerText(), new RegExp(NAME))
  assert.match(await row.innerText(), /柜体颜色/)
  await shot(page, 'data-dictionary-created')
})

test('a taken code is refused on the code field, in Chinese', async () => {
  await page.getByTestId('dictionary-add').click()
  await dialog().waitFor()
  await page.getByTestId('dictionary-form-code').fill(CODE.toUpperCase())
  await page.getByTestId('dictionary-form-displayName').fill('重复')
  await page.getByTestId('dictionary-dialog-save').click()
  await dialog().locator('.ant-form-item-explain-error').filter({ hasText: `数据字典编码“${CODE.toUpperCase()}”已存在` }).waitFor()
  await shot(page, 'data-dictionary-taken-code')
  await page.keyboard.press('Escape')
  await dialog().waitFor({ state: 'hidden' })
})

test('the items show in the drawer; edit one and the preview select offers it', async () => {
  await actions(CODE).getByTestId('dictionary-details').click()
  await drawer().getByText(`${NAME}（${CODE}）的字典项`).waitFor()
  await detailRow('White').waitFor()
  await detailRow('Oak').waitFor()
  assert.match(await detailRow('Oak').innerText(), /橡木[\s\S]*OK[\s\S]*是/) // the default
  // The preview is the select other pages show: the default is chosen first.
  await page.getByTestId('details-preview').getByText('橡木').waitFor()

  await detailRow('White').getByTestId('detail-edit').click()
  await page.getByTestId('detail-dialog').waitFor()
  assert.equal(await page.getByTestId('detail-form-label').inputValue(), '暖白')
  await page.getByTestId('detail-form-label').fill('象牙白')
  await page.getByTestId('detail-form-order').fill('0')
  await page.getByTestId('detail-form-label').press('Enter')
  await toast('修改成功').waitFor()
  await page.getByTestId('detail-dialog').waitFor({ state: 'hidden' })
  await detailRow('White').filter({ hasText: '象牙白' }).waitFor()

  await page.getByTestId('details-preview').click()
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content')
  await options.filter({ hasText: '象牙白' }).waitFor()
  // the dropdown may re-render once its options arrive: wait for the full list
  await page.waitForFunction(() => {
    const texts = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option-content')]
      .filter((e) => e.offsetParent !== null).map((e) => e.textContent)
    return texts.join('|') === '象牙白|橡木'
  })
  assert.deepEqual(await options.allInnerTexts(), ['象牙白', '橡木'])
  await page.keyboard.press('Escape')
  await shot(page, 'data-dictionary-drawer')
  await drawer().locator('.ant-drawer-close').click()
  await drawer().waitFor({ state: 'hidden' })
})

test('delete the dictionary after a confirmation that names it', async () => {
  await actions(CODE).getByTestId('dictionary-delete').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).filter({ hasText: NAME })
  await confirm.waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('删除成功').waitFor()
  await actions(CODE).waitFor({ state: 'detached' })
  await page.getByTestId('dictionaries-table').locator('.ant-empty').waitFor()
})

test('the page in English', async () => {
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.locator('[data-testid="page-title"]:visible', { hasText: 'Data dictionaries' }).waitFor()
  await page.getByTestId('dictionary-search-reset').click()
  await actions('SeparatePallet').waitFor()
  await page.getByTestId('dictionary-add').filter({ hasText: 'New dictionary' }).waitFor()
  assert.match(await page.getByTestId('dictionaries-table').locator('thead').first().innerText(), /Code[\s\S]*Name[\s\S]*Description[\s\S]*Built-in[\s\S]*Creation time/)
  await actions('SeparatePallet').getByTestId('dictionary-details').click()
  await drawer().getByText('Items of 分托方式 (SeparatePallet)').waitFor()
  await detailRow('None').waitFor()
  await shot(page, 'data-dictionary-en')
})
