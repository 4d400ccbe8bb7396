// The public account screens (spec 002 §2.1, §2.3, §3 phone code purposes): a visitor registers
// in the demo tenant with a phone number and the register code (a wrong code is refused first),
// logs in with the new account, resets the forgotten password with a reset code (a password
// breaking the rules is refused with the rule), a second code within the minute is refused, the
// logged-in /yulan preview never logs in, and the screens speak English when asked.
// The codes are read the way a developer reads them: the development SMS sender's list, with the
// host admin's token.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, setup, shot } from './support.mjs'

let env
let page
let adminToken
const stamp = Date.now().toString().slice(-8)
const PHONE = `139${stamp}`
const USER = `e2e_acct_${stamp}`
const FIRST_PASSWORD = 'Reg-1q2w3E*'
const NEW_PASSWORD = 'Reset-9o8i7U*'

before(async () => {
  env = await setup()
  page = await env.page()
  // the host admin's token, for the development SMS sender's list (needs AbpIdentity.Users.Impersonation)
  const body = new URLSearchParams({ grant_type: 'password', client_id: 'kerf-web', username: 'admin', password: PASSWORD, scope: 'openid profile kerf' })
  const r = await fetch(`${env.baseURL}/connect/token`, { method: 'POST', body })
  assert.equal(r.status, 200, `admin token: ${r.status}`)
  adminToken = (await r.json()).access_token
})
after(async () => {
  await env?.close()
})

/** The texts the development SMS sender kept for phone, newest first. */
async function smsTo(phone) {
  const r = await fetch(`${env.baseURL}/api/account/development-sms`, { headers: { Authorization: `Bearer ${adminToken}` } })
  assert.equal(r.status, 200, `GET /api/account/development-sms: ${r.status}`)
  return (await r.json()).items.filter((m) => m.phoneNumber === phone).map((m) => m.text)
}

/** The code in the newest message to phone, which must be a new one (more than `before` kept). */
async function codeSentTo(phone, before) {
  const texts = await smsTo(phone)
  assert.equal(texts.length, before + 1, `one more message to ${phone}: ${JSON.stringify(texts)}`)
  const m = texts[0].match(/(\d{4,8})/)
  assert.ok(m, `a code in "${texts[0]}"`)
  return m[1]
}

/** A code of the same length that is not `code`. */
const wrong = (code) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0')

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const sendCode = () => page.getByTestId('send-code')
/** Waits until the toasts have finished moving in or out, for a screenshot that shows them. */
const toastsSettled = (p = page) => p.locator('[class*="ant-message-fade-"]').first().waitFor({ state: 'detached' })
const fieldError = (form, text) => form.locator('.ant-form-item-explain-error').filter({ hasText: text })

test('register from the login page in the demo tenant: a wrong code is refused, then the new account logs in', async () => {
  // on the login page the visitor picks the demo tenant and follows "注册账号"
  await page.goto('/login')
  await page.getByTestId('tenant-switch').getByRole('button').click()
  await page.getByTestId('tenant-input').fill('demo')
  await page.getByTestId('tenant-input').press('Enter')
  await page.getByTestId('tenant-name').filter({ hasText: 'demo' }).waitFor()
  await page.getByTestId('register-link').click()
  await page.waitForURL((u) => u.pathname === '/register')
  const form = page.getByTestId('register-form')
  await form.waitFor()
  assert.equal(await page.getByTestId('tenant-name').innerText(), 'demo', 'the register screen keeps the tenant')
  assert.equal(await page.title(), '注册账号 - Kerf')

  // the phone number, then "发送验证码": the code is sent and the button counts down, disabled
  await page.getByTestId('register-form-phoneNumber').fill(PHONE)
  const before = (await smsTo(PHONE)).length
  await sendCode().click()
  await toast('验证码已发送').waitFor()
  await sendCode().getByText(/^(60|59)秒后重发$/).waitFor()
  assert.equal(await sendCode().isDisabled(), true, 'the send button is disabled during the countdown')
  await shot(page, 'account-register-countdown')
  const code = await codeSentTo(PHONE, before)

  // a wrong code first: refused with the server's message, nothing registered
  await page.getByTestId('register-form-code').fill(wrong(code))
  await page.getByTestId('register-form-userName').fill(USER)
  await page.getByTestId('register-form-name').fill('注册用户')
  await page.getByTestId('register-form-password').fill(FIRST_PASSWORD)
  await page.getByTestId('register-form-confirmPassword').fill(FIRST_PASSWORD)
  await page.getByTestId('register-submit').click()
  await toast('验证码错误，还可以尝试 4 次').waitFor()
  assert.equal(new URL(page.url()).pathname, '/register', 'a refused code stays on the register screen')
  await toastsSettled()
  await shot(page, 'account-register-wrong-code')

  // the right code: registered, back on the login screen with the user name filled in
  await page.getByTestId('register-form-code').fill(code)
  await page.getByTestId('register-submit').click()
  await toast('注册成功，请登录').waitFor()
  await page.waitForURL((u) => u.pathname === '/login')
  const login = page.getByTestId('password-login')
  await login.waitFor()
  assert.equal(await login.locator('input').nth(0).inputValue(), USER)
  assert.equal(await page.getByTestId('tenant-name').innerText(), 'demo')
  await shot(page, 'account-register-done')

  // the new account logs in, in the demo tenant
  await login.locator('input[type="password"]').fill(FIRST_PASSWORD)
  await page.getByTestId('login-submit').click()
  await page.getByTestId('layout').waitFor()
  await page.getByTestId('dashboard-username').filter({ hasText: USER }).waitFor()
  assert.match(await page.getByTestId('dashboard-tenant').innerText(), /demo/)
  await shot(page, 'account-register-logged-in')
})

test('reset the password with a reset code: the rules are enforced, the old password stops working', async () => {
  // the user logs out and follows "忘记密码？"
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-logout').click()
  await page.getByTestId('password-login').waitFor()
  assert.equal(new URL(page.url()).pathname, '/login')
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.token')), null)
  await page.getByTestId('reset-link').click()
  await page.waitForURL((u) => u.pathname === '/reset-password')
  const form = page.getByTestId('reset-form')
  await form.waitFor()
  assert.equal(await page.getByTestId('tenant-name').innerText(), 'demo')

  await page.getByTestId('reset-form-phoneNumber').fill(PHONE)
  const before = (await smsTo(PHONE)).length
  await sendCode().click()
  await toast('验证码已发送').waitFor()
  await sendCode().getByText(/^(60|59)秒后重发$/).waitFor()
  const code = await codeSentTo(PHONE, before)

  // a password without a character other than letters and digits breaks the demo's rules
  await page.getByTestId('reset-form-code').fill(code)
  await page.getByTestId('reset-form-newPassword').fill('Abcdefg1')
  await page.getByTestId('reset-form-confirmPassword').fill('Abcdefg1')
  await page.getByTestId('reset-submit').click()
  const rule = '密码至少要包含一个字母和数字以外的字符'
  await fieldError(form, rule).waitFor()
  await toast(rule).waitFor()
  assert.equal(new URL(page.url()).pathname, '/reset-password')
  await toastsSettled()
  await shot(page, 'account-reset-rule')

  // a good password: reset (the refused try did not use the code up), back to the login screen
  await page.getByTestId('reset-form-newPassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-form-confirmPassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-submit').click()
  await toast('密码已重置，请使用新密码登录').waitFor()
  await page.waitForURL((u) => u.pathname === '/login')
  await shot(page, 'account-reset-done')

  // the old password no longer logs in
  const login = page.getByTestId('password-login')
  await login.locator('input').nth(0).fill(USER)
  await login.locator('input[type="password"]').fill(FIRST_PASSWORD)
  await page.getByTestId('login-submit').click()
  await page.locator('.ant-message-error').filter({ hasText: '用户名或密码错误' }).waitFor()
  assert.equal(await page.getByTestId('layout').count(), 0, 'the old password does not log in')
  await shot(page, 'account-reset-old-password')

  // the new one does
  await login.locator('input[type="password"]').fill(NEW_PASSWORD)
  await page.getByTestId('login-submit').click()
  await page.getByTestId('layout').waitFor()
  await page.getByTestId('dashboard-username').filter({ hasText: USER }).waitFor()
})

test('a second code for the same number within the minute is refused', async () => {
  const other = await env.page()
  const phone = `138${stamp}`
  await other.goto('/register')
  await other.getByTestId('register-form').waitFor()
  await other.getByTestId('register-form-phoneNumber').fill(phone)
  await other.getByTestId('send-code').click()
  await other.locator('.ant-message-notice').filter({ hasText: '验证码已发送' }).waitFor()
  await other.getByTestId('send-code').getByText(/^(60|59)秒后重发$/).waitFor()

  // reloading the screen brings the button back, but the server keeps count
  await other.reload()
  await other.getByTestId('register-form-phoneNumber').fill(phone)
  assert.equal(await other.getByTestId('send-code').isDisabled(), false)
  await other.getByTestId('send-code').click()
  await other.locator('.ant-message-error').filter({ hasText: '操作太快了，请稍后再试' }).waitFor()
  // refused: no countdown, and no second message reached the phone
  assert.equal(await other.getByTestId('send-code').innerText(), '发送验证码')
  assert.equal((await smsTo(phone)).length, 1, 'only the first code was sent')
  await toastsSettled(other)
  await shot(other, 'account-code-too-soon')
})

test('/yulan while logged in: the login screen as a preview that does not log in; back returns to the app', async () => {
  // the user from the tests above is logged in on the dashboard
  await page.goto('/dashboard')
  await page.getByTestId('layout').waitFor()
  const token = await page.evaluate(() => localStorage.getItem('kerf.token'))
  assert.ok(token)
  await page.goto('/yulan')
  const preview = page.getByTestId('login-preview')
  await preview.waitFor()
  await preview.getByText('预览', { exact: true }).waitFor()
  await preview.getByText('这是登录页的预览，提交不会登录。').waitFor()
  assert.equal(await page.getByTestId('layout').count(), 0, 'the preview is outside the layout')
  await shot(page, 'account-yulan')

  // submitting checks the fields and says it does not log in
  const form = page.getByTestId('password-login')
  await form.locator('input').nth(0).fill('admin')
  await form.locator('input[type="password"]').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
  await toast('预览中不会登录').waitFor()
  assert.equal(new URL(page.url()).pathname, '/yulan')
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.token')), token, 'the session is unchanged')
  await shot(page, 'account-yulan-submitted')

  // "返回" goes back to the app
  await page.getByTestId('preview-back').click()
  await page.waitForURL((u) => u.pathname === '/dashboard')
  await page.getByTestId('layout').waitFor()
  await page.getByTestId('dashboard-username').filter({ hasText: USER }).waitFor()
})

test('the register screen in English: texts and the server message', async () => {
  const en = await env.page()
  await en.goto('/register')
  await en.getByTestId('register-form').waitFor()
  await en.getByTestId('register-submit').getByText('注册').waitFor()
  await en.getByTestId('language-picker').click()
  await en.getByTestId('lang-en').click()
  await en.getByTestId('register-submit').getByText('Register').waitFor()
  await en.getByText('Create an account', { exact: true }).waitFor()
  assert.equal(await en.getByTestId('send-code').innerText(), 'Send code')
  assert.equal(await en.getByTestId('register-form-phoneNumber').getAttribute('placeholder'), 'Phone number')
  assert.equal(await en.getByTestId('register-form-userName').getAttribute('placeholder'), 'User name')
  assert.match(await en.getByTestId('register-form').innerText(), /Optional; the phone number if empty/)
  await en.waitForFunction(() => document.title === 'Create an account - Kerf')

  // empty fields: the form's own messages in English
  await en.getByTestId('register-submit').click()
  await en.getByTestId('register-form').locator('.ant-form-item-explain-error').filter({ hasText: 'Please enter the phone number' }).waitFor()

  // a number the server refuses: its message in English, under the field
  await en.getByTestId('register-form-phoneNumber').fill('12')
  await en.getByTestId('send-code').click()
  await en.locator('.ant-message-error').filter({ hasText: 'The phone number is not valid' }).waitFor()
  await en.getByTestId('register-form').locator('.ant-form-item-explain-error').filter({ hasText: 'The phone number is not valid' }).waitFor()
  await shot(en, 'account-register-en')
})
