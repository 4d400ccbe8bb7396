import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, PASSWORD, setup, shot } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

test('an unauthenticated visit goes to login and, after login, back to the wanted page', async () => {
  const page = await env.page()
  await page.goto('/profile-setting/index')
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/profile-setting/index')
  await page.getByTestId('password-login').waitFor()
  await shot(page, 'auth-login-redirect')
  const form = page.getByTestId('password-login')
  await form.locator('input').nth(0).fill('admin')
  await form.locator('input[type="password"]').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => u.pathname === '/profile-setting/index')
  await page.getByTestId('profile-form').waitFor()
  assert.equal(await page.getByTestId('profile-form').locator('input').first().inputValue(), 'admin')
  await shot(page, 'auth-back-to-wanted-page')
})

test('a wrong password shows the error and stays on the login page', async () => {
  const page = await env.page()
  await page.goto('/login')
  const form = page.getByTestId('password-login')
  await form.locator('input').nth(0).fill('admin')
  await form.locator('input[type="password"]').fill('not-the-password')
  await page.getByTestId('login-submit').click()
  await page.locator('.ant-message-error').waitFor()
  assert.equal(new URL(page.url()).pathname, '/login')
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.token')), null)
  await shot(page, 'auth-wrong-password')
})

test('/ opens the dashboard, and a logged-in user opening /login goes to /', async () => {
  const page = await env.page()
  await login(page)
  await page.waitForURL((u) => u.pathname === '/dashboard')
  await page.goto('/login')
  await page.waitForURL((u) => u.pathname === '/dashboard')
  await page.getByTestId('dashboard-user').waitFor()
  assert.match(await page.getByTestId('dashboard-username').innerText(), /admin/)
  await shot(page, 'auth-dashboard')
})

test('a tenant chosen on the login page is used for the login', async () => {
  const page = await env.page()
  await login(page, { tenant: 'demo' })
  await page.getByTestId('dashboard-tenant').waitFor()
  assert.match(await page.getByTestId('dashboard-tenant').innerText(), /demo/)
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.currentTenant')), 'demo')
  await shot(page, 'auth-tenant-login')
})

test('logout clears the session and goes to /login', async () => {
  const page = await env.page()
  await login(page)
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-logout').click()
  await page.waitForURL((u) => u.pathname === '/login')
  await page.getByTestId('password-login').waitFor()
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.token')), null)
  await page.goto('/dashboard')
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/dashboard')
  await shot(page, 'auth-logout')
})

/** The phone number of the demo admin, read through the API. */
async function adminPhone() {
  const body = new URLSearchParams({ grant_type: 'password', client_id: 'kerf-web', username: 'admin', password: PASSWORD, scope: 'openid profile kerf' })
  const token = await (await fetch(`${env.baseURL}/connect/token`, { method: 'POST', body })).json()
  const profile = await (await fetch(`${env.baseURL}/api/identity/my-profile`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json()
  return profile.phoneNumber
}

test('phone-code login: the code is sent, the button counts down 60 s, and the code logs in', async (t) => {
  const phone = await adminPhone()
  assert.ok(phone, 'the demo admin has a phone number')
  const page = await env.page()
  await page.goto('/login')
  await page.getByRole('tab').nth(1).click()
  const form = page.getByTestId('phone-login')
  await form.locator('input').nth(0).fill(phone)
  await page.getByTestId('send-code').click()
  await page.getByTestId('send-code').getByText(/^(60|59)秒后重发$/).waitFor()
  assert.equal(await page.getByTestId('send-code').isDisabled(), true)
  await shot(page, 'auth-phone-countdown')

  // the development SMS sender writes the message to the server log
  let code = null
  for (let i = 0; i < 50 && !code; i++) {
    const m = [...env.server.output().matchAll(new RegExp(`phone=${phone}[^\\n]*code:(\\d{4,8})`, 'g'))].pop()
    code = m?.[1] ?? null
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  assert.ok(code, 'the sign-in code appears in the server log')
  await form.locator('input').nth(1).fill(code)
  await form.locator('button[type="submit"]').click()
  await page.getByTestId('layout').waitFor()
  await page.getByTestId('dashboard-username').filter({ hasText: 'admin' }).waitFor()
  await shot(page, 'auth-phone-login')
})

test('a stored token the server refuses (and cannot refresh) ends on the login page with the redirect', async () => {
  const page = await env.page()
  await page.goto('/login')
  await page.evaluate(() =>
    localStorage.setItem('kerf.token', JSON.stringify({ accessToken: 'bogus', tokenType: 'Bearer', refreshToken: 'bogus', expiresAt: Date.now() + 3_600_000 })),
  )
  await page.goto('/profile-setting/index')
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/profile-setting/index')
  await page.getByTestId('password-login').waitFor()
  await page.locator('.ant-message-error').waitFor()
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.token')), null)
  await shot(page, 'auth-bad-token')
})
