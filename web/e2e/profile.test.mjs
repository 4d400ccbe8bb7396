import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

test('profile settings: /profile-setting opens /profile-setting/index; personal data saves and is kept', async () => {
  const page = await env.page()
  await login(page, { path: '/login?redirect=%2Fprofile-setting' })
  await page.waitForURL((u) => u.pathname === '/profile-setting/index')
  const form = page.getByTestId('profile-form')
  await form.waitFor()
  assert.equal(await form.locator('input#userName').inputValue(), 'admin')
  assert.equal(await form.locator('input#userName').isDisabled(), true)

  await form.locator('input#email').fill('not-an-email')
  await form.locator('button[type="submit"]').click()
  await form.locator('.ant-form-item-explain-error').first().waitFor()
  await shot(page, 'profile-invalid-email')

  await form.locator('input#email').fill('boss@example.org')
  await form.locator('input#name').fill('Ada')
  await form.locator('button[type="submit"]').click()
  await page.locator('.ant-message-success').waitFor()
  await shot(page, 'profile-saved')

  await page.reload()
  await form.waitFor()
  await page.waitForFunction(() => document.querySelector('[data-testid="profile-form"] input#name')?.value === 'Ada')
  assert.equal(await form.locator('input#email').inputValue(), 'boss@example.org')
})
