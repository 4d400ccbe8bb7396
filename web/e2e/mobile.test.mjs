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

test('a 390 px wide viewport shows the mobile layout', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } })
  await login(page)
  await page.getByTestId('dashboard-user').waitFor()
  const layout = page.getByTestId('layout')
  assert.equal(await layout.getAttribute('data-device'), 'mobile')
  // the sidebar is hidden until the toggle opens it as a drawer
  assert.equal(await page.getByTestId('sidebar').isVisible(), false)
  assert.equal(await page.getByTestId('breadcrumb').count(), 0)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  assert.ok(width <= 390, `no horizontal overflow (page is ${width}px wide)`)
  await shot(page, 'mobile-closed')

  await page.getByTestId('hamburger').click()
  await page.getByTestId('sidebar').waitFor({ state: 'visible' })
  await shot(page, 'mobile-open')

  // choosing a page closes the drawer
  await page.getByTestId('sidebar').locator('a[href="/dashboard"]').first().click()
  await page.getByTestId('sidebar').waitFor({ state: 'hidden' })
})
