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
