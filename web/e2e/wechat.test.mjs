// WeChat binding and sign-in (docs/decisions/0014, "WeChat and /auth-redirect") on the real server
// with the development provider (no official account app id is set): the host's admin opens the
// user menu's "微信公众号" dialog, sees no binding, opens the development QR code's address in the
// same browser (what scanning it does) and lands back with "bound"; another browser (another
// simulated WeChat) cannot sign in with it; after logging out, "微信登录" on the login page and the
// same scan land on the dashboard logged in as the admin; unbinding asks 提示 first.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
  // WeChat sign-in is off until the host switches it on (settings, external providers).
  const status = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
    const r = await fetch('/api/account-admin/settings/external-provider', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ name: 'WeChat', enabled: true, properties: [], secretProperties: [] }]),
    })
    return r.status
  })
  assert.equal(status, 204)
})
after(async () => {
  await env?.close()
})

const toast = (p, text) => p.locator('.ant-message-notice').filter({ hasText: text }).first()
const dialog = () => page.locator('.ant-modal').filter({ hasText: '微信公众号' })

async function openDialog() {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-wechat').click()
  await dialog().waitFor()
}

async function closeDialog() {
  await dialog().locator('.ant-modal-close').click()
  await dialog().waitFor({ state: 'detached' })
}

test('bind through the development QR code, then sign in with it after logging out', async () => {
  await page.waitForURL('**/dashboard')
  await openDialog()
  await dialog().getByTestId('wechat-not-bound').waitFor()
  await dialog().locator('[data-testid="wechat-qrcode"] canvas').waitFor()
  await dialog().getByText('开发环境').waitFor()
  await shot(page, 'wechat-bind-dialog')
  const bindUrl = await dialog().getByTestId('wechat-dev-link').getAttribute('href')
  assert.match(bindUrl, /\/auth-redirect\?code=dev-[0-9a-f]+&state=/)

  // "Scanning" in this browser: /auth-redirect binds and goes back to the dashboard.
  await page.goto(bindUrl)
  await toast(page, '微信绑定成功').waitFor()
  await page.waitForURL('**/dashboard')
  await openDialog()
  await dialog().getByTestId('wechat-bound').filter({ hasText: '已绑定微信' }).waitFor()
  await dialog().getByText('已绑定微信：WeChat (dev)').waitFor()
  await shot(page, 'wechat-bound')
  await closeDialog()

  // Another browser is another simulated WeChat account: bound to nobody, so it cannot sign in.
  const other = await env.page()
  await other.goto('/login')
  await other.getByTestId('wechat-login').click()
  const otherUrl = await other.getByTestId('wechat-dev-link').getAttribute('href')
  await other.goto(otherUrl)
  await other.getByTestId('auth-redirect-error').filter({ hasText: '该微信尚未绑定本租户的用户' }).waitFor()
  await other.getByTestId('auth-redirect-login').click()
  await other.getByTestId('password-login').waitFor()

  // Log out, then sign in with WeChat from the login page.
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-logout').click()
  await page.getByTestId('password-login').waitFor()
  await page.getByTestId('wechat-login').click()
  await page.locator('.ant-modal').filter({ hasText: '微信扫码登录' }).locator('canvas').waitFor()
  await shot(page, 'wechat-login-qrcode')
  const loginUrl = await page.getByTestId('wechat-dev-link').getAttribute('href')
  assert.notEqual(loginUrl, bindUrl)
  await page.goto(loginUrl)
  await page.getByTestId('layout').waitFor()
  await page.waitForURL('**/dashboard')
  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-who').filter({ hasText: 'admin' }).waitFor()
  await page.keyboard.press('Escape')

  // The used sign-in address does not log in again.
  const again = await env.page()
  await again.goto(loginUrl)
  await again.getByTestId('auth-redirect-error').filter({ hasText: '二维码已失效或已使用' }).waitFor()
})

test('unbinding asks 提示 first, and the dialog shows a QR code again', async () => {
  await openDialog()
  await dialog().getByTestId('wechat-unbind').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提示' })
  await confirm.getByText('确定要解除微信绑定吗').waitFor()
  await confirm.locator('.ant-modal-confirm-btns .ant-btn-primary').click()
  await toast(page, '已解除微信绑定').waitFor()
  await dialog().getByTestId('wechat-not-bound').waitFor()
  await dialog().locator('[data-testid="wechat-qrcode"] canvas').waitFor()
})
