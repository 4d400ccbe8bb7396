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

test('the settings drawer hides the tags view and the sidebar logo, and the choice survives a reload', async () => {
  const page = await env.page()
  await login(page)
  await page.getByTestId('tags-view').waitFor()
  await page.getByTestId('sidebar-logo').waitFor()

  await page.getByTestId('open-settings').click()
  await page.getByTestId('setting-tagsView').click()
  await page.getByTestId('setting-sidebarLogo').click()
  await page.getByTestId('tags-view').waitFor({ state: 'detached' })
  await page.getByTestId('sidebar-logo').waitFor({ state: 'detached' })
  await shot(page, 'settings-drawer')

  await page.reload()
  await page.getByTestId('layout').waitFor()
  assert.equal(await page.getByTestId('tags-view').count(), 0)
  assert.equal(await page.getByTestId('sidebar-logo').count(), 0)
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('kerf.settings')))
  assert.equal(saved.state.tagsView, false)
  assert.equal(saved.state.theme, '#134ea3')
})

test('the sidebar collapses and expands', async () => {
  const page = await env.page()
  await login(page)
  const sidebar = page.getByTestId('sidebar')
  const wide = (await sidebar.boundingBox()).width
  await page.getByTestId('hamburger').click()
  await page.waitForFunction((w) => document.querySelector('[data-testid="sidebar"]').getBoundingClientRect().width < w, wide)
  await shot(page, 'sidebar-collapsed')
  await page.getByTestId('hamburger').click()
  await page.waitForFunction((w) => document.querySelector('[data-testid="sidebar"]').getBoundingClientRect().width >= w, wide)
})
