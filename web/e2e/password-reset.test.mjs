// Password reset by e-mail (docs/decisions/0014, "As built (e-mails Kerf sends)") on the real
// server, for a user created for this test: on /login open "forgot the password", choose the
// e-mail way and send the link; the host's admin reads the message in the development mailbox
// (no SMTP host is set) in a second browser; its link opens /reset-password asking only for the
// new password; the new password logs in, the old one no longer does, and the used link says it
// is no longer valid and offers to ask again.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, login, setup, shot } from './support.mjs'

let env
let admin
const stamp = Date.now().toString(36).slice(-6)
const USER = `reset-${stamp}`
const EMAIL = `${USER}@example.com`
const NEW_PASSWORD = 'Reset-9876'

before(async () => {
  env = await setup()
  admin = await env.page()
  await login(admin)
  const created = await admin.evaluate(
    async ([userName, email, password]) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const r = await fetch('/api/identity/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName, email, password, name: '重置' }),
      })
      return r.status
    },
    [USER, EMAIL, PASSWORD],
  )
  assert.equal(created, 200)
})
after(async () => {
  await env?.close()
})

/** The password grant's status for the user (200 logged in, 400 refused). */
async function tokenStatus(page, password) {
  return page.evaluate(
    async ([username, pw]) => {
      const body = new URLSearchParams({ grant_type: 'password', client_id: 'kerf-web', username, password: pw, scope: 'openid kerf' })
      const r = await fetch('/connect/token', { method: 'POST', body })
      return r.status
    },
    [USER, password],
  )
}

test('a link e-mailed from the login page sets a new password once', async () => {
  const user = await env.page()
  await user.goto('/login')
  await user.getByTestId('reset-link').click()
  await user.waitForURL('**/reset-password')
  await user.getByTestId('reset-method').getByText('邮箱').click()
  await user.getByTestId('reset-email').fill(EMAIL)
  await user.getByTestId('reset-email-submit').click()
  await user.getByTestId('reset-email-sent').filter({ hasText: '请查收邮件' }).waitFor()
  assert.ok((await user.getByTestId('reset-email-sent').innerText()).includes(EMAIL))
  await shot(user, 'password-reset-sent')

  // The admin reads it in the development mailbox once the job has delivered it.
  await admin.goto('/admin/emails')
  const row = admin.locator('[data-testid="mail-row"]').filter({ hasText: EMAIL })
  for (let i = 0; i < 120 && !(await row.count()); i++) {
    const answered = admin.waitForResponse((r) => r.url().includes('/emailing/mailbox'))
    await admin.getByTestId('mailbox-refresh').click()
    await answered
  }
  await row.filter({ hasText: '重置您的 Kerf 密码' }).waitFor()
  await row.getByTestId('mail-open').click()
  const html = (await admin.getByTestId('mail-html').getAttribute('srcdoc')) ?? ''
  await shot(admin, 'password-reset-mail')
  const href = /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
  assert.ok(href, `no link in ${html}`)
  const link = new URL(href)
  assert.equal(link.origin, env.baseURL)
  assert.equal(link.pathname, '/reset-password')
  assert.ok(link.searchParams.get('userId') && link.searchParams.get('resetToken'))

  // The link asks only for the new password.
  await user.goto(href)
  await user.getByTestId('reset-link-password').fill(NEW_PASSWORD)
  await user.getByTestId('reset-link-confirmPassword').fill(NEW_PASSWORD)
  assert.equal(await user.getByTestId('reset-method').count(), 0)
  await shot(user, 'password-reset-link')
  await user.getByTestId('reset-link-submit').click()
  await user.waitForURL('**/login')
  await user.locator('.ant-message-notice').filter({ hasText: '密码已重置' }).waitFor()
  assert.equal(await tokenStatus(user, PASSWORD), 400)
  await login(user, { username: USER, password: NEW_PASSWORD })

  // Once only: the used link says so and offers to ask again, by e-mail.
  const again = await env.page()
  await again.goto(href)
  await again.getByTestId('reset-link-invalid').filter({ hasText: '链接无效或已过期' }).waitFor()
  await again.getByTestId('reset-ask-again').click()
  await again.getByTestId('reset-email').waitFor()
  await shot(again, 'password-reset-used-link')
})
