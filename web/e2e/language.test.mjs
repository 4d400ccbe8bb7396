import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fetchMenu, login, setup, shot } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

test('switching the language changes menu and page texts and survives a reload', async () => {
  const page = await env.page()
  await login(page)
  await page.waitForURL((u) => u.pathname === '/dashboard')
  const zhMenu = await fetchMenu(page, 'zh-Hans')
  const enMenu = await fetchMenu(page, 'en')
  const zhTitle = zhMenu.find((m) => m.path === '/dashboard')?.displayName ?? zhMenu[0].displayName
  const enTitle = enMenu.find((m) => m.path === '/dashboard')?.displayName ?? enMenu[0].displayName
  assert.notEqual(zhTitle, enTitle, 'the server localises menu display names')

  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByText(zhTitle, { exact: true }).waitFor()
  await page.getByTestId('dashboard-user').getByText('当前用户').waitFor()

  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await sidebar.getByText(enTitle, { exact: true }).waitFor()
  await page.getByTestId('dashboard-user').getByText('Who you are').waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en')
  await shot(page, 'language-en')

  await page.reload()
  await page.getByTestId('layout').waitFor()
  await sidebar.getByText(enTitle, { exact: true }).waitFor()
  await page.getByTestId('dashboard-user').getByText('Who you are').waitFor()
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.language')), 'en')

  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-zh-Hans').click()
  await sidebar.getByText(zhTitle, { exact: true }).waitFor()
  await shot(page, 'language-zh')
})

test('the login page switches language too', async () => {
  const page = await env.page()
  await page.goto('/login')
  await page.getByTestId('login-submit').getByText('登录').waitFor()
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.getByTestId('login-submit').getByText('Log in').waitFor()
  await shot(page, 'language-login-en')
})
