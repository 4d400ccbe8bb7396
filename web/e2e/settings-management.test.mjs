// The settings page (docs/decisions/0014, "Settings") as the host's admin on the real server:
// with no download address the navbar's app QR entry says so; send a test e-mail from the
// e-mailing tab; change the SMTP host and password and a password rule, see them after a reload
// with the password field never showing the stored secret; set App.DownloadUrl on the basic
// setup tab and see the navbar's QR code use it. (web/e2e/settings.test.mjs is the layout's
// settings drawer, another thing.)
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const secret = `pw-${Date.now().toString(36)}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const field = (id) => page.getByTestId(id)
const tab = async (key) => {
  await page.getByTestId(`settings-tab-${key}`).click()
  await page.getByTestId(`settings-${key}-form`).waitFor()
}

/** Opens the user menu's app download dialog and answers the dialog. */
async function openAppDownload() {
  await page.getByTestId('user-menu').click()
  await page.locator('.ant-dropdown-menu-item').filter({ hasText: 'App 下载' }).click()
  const dialog = page.getByTestId('app-download')
  await dialog.waitFor()
  return dialog
}

test('without a download address the app QR entry says so', async () => {
  const dialog = await openAppDownload()
  await dialog.getByTestId('app-download-none').waitFor()
  assert.ok((await dialog.textContent()).includes('尚未设置 App 下载地址'))
  assert.equal(await dialog.getByTestId('app-download-qr').count(), 0)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
})

test('a test e-mail is sent from the e-mailing tab', async () => {
  await page.goto('/admin/settings')
  await page.getByTestId('settings-emailing-form').waitFor()
  await page.getByTestId('settings-send-test-email').click()
  await page.getByTestId('send-test-email-to').fill('someone@maker.example')
  await page.locator('.ant-modal').filter({ hasText: '发送测试邮件' }).locator('.ant-btn-primary').click()
  await toast('测试邮件已发出').waitFor()
})

test('the SMTP host, its password and a password rule are saved, and the secret is never shown', async () => {
  await page.goto('/admin/settings')
  await page.getByTestId('settings-emailing-form').waitFor()
  const password = field('settings-emailing-smtpPassword')
  assert.equal(await password.getAttribute('placeholder'), '未设置')
  await field('settings-emailing-smtpHost').fill('smtp.e2e.example')
  await password.fill(secret)
  await field('settings-emailing-save').click()
  await toast('设置已保存').waitFor()

  // A refused value names the field and changes nothing.
  await tab('identity')
  const length = field('settings-identity-password-requiredLength')
  await length.fill('0')
  await field('settings-identity-save').click()
  await page.locator('.ant-form-item-explain-error').filter({ hasText: '密码最小长度不能小于1' }).waitFor()
  await length.fill('9')
  await field('settings-identity-save').click()
  await toast('设置已保存').waitFor()

  await page.reload()
  await page.getByTestId('settings-emailing-form').waitFor()
  await page.waitForFunction(() => document.querySelector('[data-testid="settings-emailing-smtpHost"]')?.value === 'smtp.e2e.example')
  assert.equal(await password.inputValue(), '')
  assert.equal(await password.getAttribute('placeholder'), '已设置（留空则不变）')
  assert.ok(!(await page.content()).includes(secret), 'the stored SMTP password reached the page')
  await shot(page, 'settings-emailing')
  await tab('identity')
  assert.equal(await field('settings-identity-password-requiredLength').inputValue(), '9')

  // Saving again with the password left empty keeps it.
  await tab('emailing')
  await field('settings-emailing-smtpPort').fill('2525')
  await field('settings-emailing-save').click()
  await toast('设置已保存').waitFor()
  await page.reload()
  await page.getByTestId('settings-emailing-form').waitFor()
  await page.waitForFunction(() => document.querySelector('[data-testid="settings-emailing-smtpPort"]')?.value === '2525')
  assert.equal(await password.getAttribute('placeholder'), '已设置（留空则不变）')
})

test('the navbar QR code shows the basic setup download address', async () => {
  const url = 'https://maker.example/kerf-app.apk'
  await page.goto('/admin/settings')
  await tab('basicSetup')
  const input = field('settings-basicSetup-downloadUrl')
  await input.fill('maker.example/app')
  await field('settings-basicSetup-save').click()
  await page.locator('.ant-form-item-explain-error').filter({ hasText: 'App 下载地址必须是 http(s) 网址' }).waitFor()
  await input.fill(url)
  await field('settings-basicSetup-save').click()
  await toast('设置已保存').waitFor()

  const dialog = await openAppDownload()
  await dialog.getByTestId('app-download-qr').waitFor()
  assert.equal((await dialog.getByTestId('app-download-url').textContent()).trim(), url)
  await shot(page, 'settings-app-download')
})

test('a tenant chooses its default parameters by name and switches self-registration off and on', async () => {
  const demo = await env.page()
  await login(demo, { tenant: 'demo' })
  await demo.goto('/admin/settings')
  await demo.getByTestId('settings-tab-optimization').click()
  await demo.getByTestId('settings-optimization-form').waitFor()
  await demo.getByTestId('settings-optimization-defaultOptimizeParameterSettingId').click()
  await demo.locator('.ant-select-item-option').filter({ hasText: '标准参数' }).click()
  await demo.getByTestId('settings-optimization-save').click()
  await demo.locator('.ant-message-notice').filter({ hasText: '设置已保存' }).first().waitFor()
  await demo.reload()
  await demo.getByTestId('settings-tab-optimization').click()
  await demo.getByTestId('settings-optimization-form').locator('.ant-select').filter({ hasText: '标准参数' }).first().waitFor()

  const registration = async (on) => {
    await demo.goto('/admin/settings')
    await demo.getByTestId('settings-tab-account').click()
    const sw = demo.getByTestId('settings-account-isSelfRegistrationEnabled')
    if ((await sw.getAttribute('aria-checked')) !== String(on)) await sw.click()
    await demo.getByTestId('settings-account-save').click()
    await demo.locator('.ant-message-notice').filter({ hasText: '设置已保存' }).first().waitFor()
  }
  await registration(false)
  const visitor = await env.page()
  await visitor.goto('/login')
  await visitor.getByTestId('tenant-switch').getByRole('button').click()
  await visitor.getByTestId('tenant-input').fill('demo')
  await visitor.getByTestId('tenant-input').press('Enter')
  await visitor.getByTestId('tenant-name').filter({ hasText: 'demo' }).waitFor()
  await visitor.reload()
  await visitor.getByTestId('reset-link').waitFor()
  await visitor.waitForTimeout(500)
  assert.equal(await visitor.getByTestId('register-link').count(), 0, 'the login page links to /register while self-registration is off')
  await registration(true)
  await visitor.reload()
  await visitor.getByTestId('register-link').waitFor()
})
