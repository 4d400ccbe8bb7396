import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fetchMenu, login, menuLeaves, setup, shot, tabPaths } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

async function openFromDashboard(page, path) {
  await page.locator('[data-testid="tag"][data-path="/dashboard"]').click()
  await page.waitForURL((u) => u.pathname === '/dashboard')
  await page.locator(`[data-testid="dashboard-pages"] a[href="${path}"]`).click()
  await page.waitForURL((u) => u.pathname === path)
  await page.locator(`[data-testid="tag"][data-path="${path}"]`).waitFor()
}

/** The open tabs become exactly these (pages render, and tabs update, after lazy chunks load). */
async function expectTabs(page, expected) {
  const until = Date.now() + 10_000
  let got = []
  while (Date.now() < until) {
    got = await tabPaths(page)
    if (JSON.stringify(got) === JSON.stringify(expected)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.deepEqual(got, expected)
}

async function openProfile(page) {
  await page.getByTestId('user-menu').click()
  await page.locator('.ant-dropdown a[href="/profile-setting/index"]').click()
  await page.waitForURL((u) => u.pathname === '/profile-setting/index')
  await page.getByTestId('profile-form').waitFor()
}

const nameInput = (page) => page.getByTestId('profile-form').locator('input#name')

test('tabs: pinned dashboard, open, keep state, refresh, close, close others, close all', async () => {
  const page = await env.page()
  await login(page)
  await page.waitForURL((u) => u.pathname === '/dashboard')

  // the dashboard is pinned: it is there from the start and has no close button
  await expectTabs(page, ['/dashboard'])
  assert.equal(await page.locator('[data-testid="tag"][data-path="/dashboard"] [data-testid="tag-close"]').count(), 0)

  const pages = menuLeaves(await fetchMenu(page)).filter((p) => p.path !== '/dashboard')
  assert.ok(pages.length >= 2, `admin should have at least two menu pages besides the dashboard, has ${JSON.stringify(pages)}`)
  const [a, b] = pages

  await openFromDashboard(page, a.path)
  await openFromDashboard(page, b.path)
  await openProfile(page)
  await expectTabs(page, ['/dashboard', a.path, b.path, '/profile-setting/index'])

  // opening an open page again adds no tab
  await openFromDashboard(page, a.path)
  await expectTabs(page, ['/dashboard', a.path, b.path, '/profile-setting/index'])

  // a cached page keeps its state across tab switches
  await page.locator('[data-testid="tag"][data-path="/profile-setting/index"]').click()
  await nameInput(page).fill('kept-alive')
  await page.locator('[data-testid="tag"][data-path="/dashboard"]').click()
  await page.locator('[data-testid="tag"][data-path="/profile-setting/index"]').click()
  assert.equal(await nameInput(page).inputValue(), 'kept-alive')
  await shot(page, 'tags-kept-alive')

  // Refresh (through /redirect) mounts the page afresh
  await page.locator('[data-testid="tag"][data-path="/profile-setting/index"]').click({ button: 'right' })
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').nth(0).click()
  await page.waitForURL((u) => u.pathname === '/profile-setting/index')
  await page.waitForFunction(() => document.querySelector('[data-testid="profile-form"] input#name')?.value !== 'kept-alive')
  assert.notEqual(await nameInput(page).inputValue(), 'kept-alive')

  // closing a tab that is not shown stays where we are
  await page.locator(`[data-testid="tag"][data-path="${a.path}"] [data-testid="tag-close"]`).click()
  await expectTabs(page, ['/dashboard', b.path, '/profile-setting/index'])
  assert.equal(new URL(page.url()).pathname, '/profile-setting/index')

  // closing the shown tab goes to the last view
  await page.locator('[data-testid="tag"][data-path="/profile-setting/index"] [data-testid="tag-close"]').click()
  await page.waitForURL((u) => u.pathname === b.path)
  await expectTabs(page, ['/dashboard', b.path])

  // middle click closes a tab
  await openFromDashboard(page, a.path)
  await expectTabs(page, ['/dashboard', b.path, a.path])
  await page.locator(`[data-testid="tag"][data-path="${b.path}"]`).click({ button: 'middle' })
  await expectTabs(page, ['/dashboard', a.path])

  // Close Others keeps the pinned tab and the chosen one
  await openFromDashboard(page, b.path)
  await openProfile(page)
  await page.locator(`[data-testid="tag"][data-path="${b.path}"]`).click({ button: 'right' })
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '关闭其他' }).click()
  await page.waitForURL((u) => u.pathname === b.path)
  await expectTabs(page, ['/dashboard', b.path])
  await shot(page, 'tags-close-others')

  // Close All keeps only the pinned dashboard
  await openProfile(page)
  await page.locator('[data-testid="tag"][data-path="/profile-setting/index"]').click({ button: 'right' })
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '关闭所有' }).click()
  await page.waitForURL((u) => u.pathname === '/dashboard')
  await expectTabs(page, ['/dashboard'])
  await shot(page, 'tags-close-all')
})
