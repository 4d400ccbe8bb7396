import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

// 本地化 > 语言 / 语言文本 (host only): change a text of a page and see it after a reload, then
// restore it; add a third language with one text and see it through the language picker.
let env
let page
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
const option = (text) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first()
const textRow = (name) => page.locator(`[data-testid="text-row"][data-resource="Web.dashboard"][data-name="${name}"]`)
const whoYouAre = () => page.getByTestId('dashboard-user')

async function pick(testId, text) {
  await page.getByTestId(testId).click()
  await option(text).click()
}

/** Opens 语言文本 on Web.dashboard with the target culture whose option shows target. */
async function openTexts(target) {
  await page.goto('/localization/texts')
  await page.locator('[data-testid="page-title"]:visible', { hasText: /语言文本|Language texts/ }).waitFor()
  await page.getByTestId('texts-resource').click()
  await page.keyboard.type('Web.dashboard')
  await option('Web.dashboard').click()
  await pick('texts-target', target)
  await textRow('whoYouAre').waitFor()
}

async function editText(name, value, { stays = true } = {}) {
  await textRow(name).getByTestId('text-edit').click()
  await page.getByTestId('text-dialog').waitFor()
  await page.getByTestId('text-dialog-value').fill(value)
  await page.getByTestId('text-dialog-save').click()
  await page.getByTestId('text-dialog').waitFor({ state: 'hidden' })
  if (stays) await textRow(name).getByTestId('text-value').filter({ hasText: value }).waitFor()
}

test('a changed text of a page shows after a reload, and restore brings the shipped one back', async () => {
  await page.goto('/dashboard')
  await whoYouAre().getByText('当前用户').waitFor()

  await openTexts('(zh-Hans)')
  await editText('whoYouAre', '登录的是谁')
  await toast('已保存').waitFor()
  await shot(page, 'language-texts-edited')

  await page.goto('/dashboard')
  await whoYouAre().getByText('登录的是谁').waitFor()

  await openTexts('(zh-Hans)')
  await textRow('whoYouAre').getByTestId('text-restore').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).waitFor()
  await confirmOk().click()
  await toast('已还原').waitFor()
  await textRow('whoYouAre').getByTestId('text-value').filter({ hasText: '当前用户' }).waitFor()

  await page.goto('/dashboard')
  await whoYouAre().getByText('当前用户').waitFor()
  assert.equal(await whoYouAre().getByText('登录的是谁').count(), 0)
})

test('a third language with one text: the picker offers it and its page shows that text over English', async () => {
  await page.goto('/localization/languages')
  await page.locator('[data-testid="language-row"][data-culture="en"]').waitFor()
  await page.getByTestId('languages-add').click()
  await page.getByTestId('language-dialog').waitFor()
  await page.getByTestId('language-form-culture').click()
  await page.keyboard.type('(ja)')
  await option('(ja)').click()
  await page.getByTestId('language-form-displayName').fill('日本語')
  await page.getByTestId('language-dialog-save').click()
  await toast('已创建').waitFor()
  await page.locator('[data-testid="language-row"][data-culture="ja"]').waitFor()
  await shot(page, 'languages-ja')

  await openTexts('(ja)')
  await page.getByTestId('texts-only-empty').click()
  await textRow('whoYouAre').waitFor()
  await editText('whoYouAre', 'ログイン中のユーザー', { stays: false })
  // Only empty values: the text now has one, so it leaves the list.
  await textRow('whoYouAre').waitFor({ state: 'detached' })

  await page.goto('/dashboard')
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-ja').click()
  await whoYouAre().getByText('ログイン中のユーザー').waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja')

  await page.reload()
  await page.getByTestId('layout').waitFor()
  await whoYouAre().getByText('ログイン中のユーザー').waitFor()
  await shot(page, 'language-ja-dashboard')

  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-zh-Hans').click()
  await whoYouAre().getByText('当前用户').waitFor()
})
