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

// No screen starts an impersonation yet (the user and tenant administration pages will), so
// the test does what startImpersonation does: the Impersonation grant with the admin's token,
// stored as the app stores tokens, with the local flag; then the page is reloaded.
test('while logged in on behalf of a user, "back to my account" returns to the admin', async () => {
  const page = await env.page()
  await login(page)
  await page.getByTestId('dashboard-user').waitFor()
  assert.equal(await page.getByTestId('back-to-my-account').count(), 0, 'no go-back link for a normal login')

  await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('kerf.token'))
    const body = new URLSearchParams({ grant_type: 'password', client_id: 'kerf-web', username: 'sales', password: '1q2w3E*', scope: 'openid profile kerf' })
    const sales = await (await fetch('/connect/token', { method: 'POST', body })).json()
    const salesCfg = await (await fetch('/api/abp/application-configuration', { headers: { Authorization: `Bearer ${sales.access_token}` } })).json()
    const grant = new URLSearchParams({ grant_type: 'Impersonation', client_id: 'kerf-web', access_token: stored.accessToken, UserId: salesCfg.currentUser.id, scope: 'openid profile email phone role offline_access kerf' })
    const res = await fetch('/connect/token', { method: 'POST', body: grant })
    if (!res.ok) throw new Error(`impersonation refused: ${res.status} ${await res.text()}`)
    const answer = await res.json()
    localStorage.setItem('kerf.token', JSON.stringify({ accessToken: answer.access_token, tokenType: 'Bearer', refreshToken: answer.refresh_token ?? null, expiresAt: Date.now() + answer.expires_in * 1000 }))
    localStorage.setItem('kerf.loggedInAsUser', '1')
  })
  await page.goto('/dashboard')
  await page.getByTestId('back-to-my-account').waitFor()
  assert.match(await page.getByTestId('dashboard-username').innerText(), /sales/)
  await shot(page, 'impersonating-sales')

  await page.getByTestId('back-to-my-account').click()
  await page.waitForFunction(() => localStorage.getItem('kerf.loggedInAsUser') === null)
  await page.getByTestId('dashboard-username').getByText('admin').waitFor()
  assert.equal(await page.getByTestId('back-to-my-account').count(), 0)
  assert.equal(await page.evaluate(() => localStorage.getItem('kerf.currentTenant')), null)
  await shot(page, 'impersonation-back')
})
