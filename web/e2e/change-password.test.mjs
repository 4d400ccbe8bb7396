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

async function openDialog(page) {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-change-password').click()
  const form = page.getByTestId('change-password-form')
  await form.waitFor()
  return form
}

const errors = (form) => form.locator('.ant-form-item-explain-error').allInnerTexts()

/** Waits until the form shows exactly these messages (old ones fade out first). */
async function expectErrors(form, expected) {
  const until = Date.now() + 10_000
  let got = []
  while (Date.now() < until) {
    got = await errors(form)
    if (JSON.stringify(got) === JSON.stringify(expected)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.deepEqual(got, expected)
}

test('change password: the four validation messages, a wrong current password, then success', async () => {
  const page = await env.page()
  await login(page)
  const form = await openDialog(page)
  const submit = form.locator('button[type="submit"]')

  await submit.click()
  await expectErrors(form, ['请输入当前密码', '请输入密码', '请再次输入密码'])
  await shot(page, 'password-required')

  const inputs = form.locator('input[type="password"]')
  await inputs.nth(0).fill(PASSWORD)
  await inputs.nth(1).fill('N3w-Passw0rd!')
  await inputs.nth(2).fill('something-else')
  await submit.click()
  await expectErrors(form, ['两次输入密码不一致!'])
  await shot(page, 'password-mismatch')

  await inputs.nth(0).fill('wrong-current-1')
  await inputs.nth(2).fill('N3w-Passw0rd!')
  await submit.click()
  await page.locator('.ant-message-error').waitFor()
  assert.ok(await form.isVisible(), 'the dialog stays open after a refused change')
  await shot(page, 'password-wrong-current')

  await inputs.nth(0).fill(PASSWORD)
  await submit.click()
  await page.locator('.ant-message-success').getByText('密码修改成功').waitFor()
  await form.waitFor({ state: 'detached' })
  await shot(page, 'password-changed')

  // the new password works
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-logout').click()
  await page.waitForURL((u) => u.pathname === '/login')
  await login(page, { password: 'N3w-Passw0rd!' })
})
