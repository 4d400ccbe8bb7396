import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fetchMenu, login, menuLeaves, setup, shot } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

async function search(page, text) {
  await page.getByTestId('header-search-toggle').click()
  const input = page.locator('.kerf-header-search input')
  await input.waitFor()
  await input.fill(text)
  const option = page.getByTestId('header-search-option').first()
  await option.waitFor()
  return option
}

test('header search finds a page by its title and opens it', async () => {
  const page = await env.page()
  await login(page)
  const target = menuLeaves(await fetchMenu(page)).find((p) => p.path !== '/dashboard')
  assert.ok(target, 'admin has a menu page besides the dashboard')
  const option = await search(page, target.displayName)
  assert.match(await option.innerText(), new RegExp(target.displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await shot(page, 'search-by-title')
  await option.click()
  await page.waitForURL((u) => u.pathname === target.path)
})

test('header search finds a page by its path', async () => {
  const page = await env.page()
  await login(page)
  const leaves = menuLeaves(await fetchMenu(page)).filter((p) => p.path !== '/dashboard')
  const target = leaves[leaves.length - 1]
  await search(page, target.path)
  const options = page.getByTestId('header-search-option')
  const labels = await options.allInnerTexts()
  const index = labels.findIndex((l) => l.endsWith(target.displayName))
  assert.ok(index >= 0, `"${target.path}" should list ${target.displayName}, got ${labels.join(' | ')}`)
  await shot(page, 'search-by-path')
  await options.nth(index).click()
  await page.waitForURL((u) => u.pathname === target.path)
})
