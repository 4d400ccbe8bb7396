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

test('a user without a permission sees no menu entry for it and gets the 401 page at its URL', async () => {
  const admin = await env.page()
  await login(admin, { username: 'admin' })
  const adminPages = menuLeaves(await fetchMenu(admin))

  const sales = await env.page()
  await login(sales, { username: 'sales' })
  const salesMenu = await fetchMenu(sales)
  const salesPaths = new Set(menuLeaves(salesMenu).map((p) => p.path))
  const forbidden = adminPages.filter((p) => !salesPaths.has(p.path))
  assert.ok(forbidden.length > 0, 'admin has pages the sales role may not open')

  // no sidebar entry: neither the page nor an admin-only group title
  const sidebar = sales.getByTestId('sidebar')
  for (const p of forbidden) {
    assert.equal(await sidebar.locator(`a[href="${p.path}"]`).count(), 0, `${p.path} must not be in the sales menu`)
  }
  const adminGroups = (await fetchMenu(admin)).filter((g) => g.children?.length).map((g) => g.displayName)
  const salesGroups = new Set(salesMenu.map((g) => g.displayName))
  for (const g of adminGroups.filter((g) => !salesGroups.has(g))) {
    assert.equal(await sidebar.getByText(g, { exact: true }).count(), 0, `group ${g} must not be in the sales menu`)
  }
  await shot(sales, 'permission-sales-menu')

  // the page itself answers 401
  await sales.goto(forbidden[0].path)
  await sales.getByTestId('page-401').waitFor()
  assert.equal(new URL(sales.url()).pathname, forbidden[0].path)
  await shot(sales, 'permission-401')

  // while the administrator opens it
  await admin.goto(forbidden[0].path)
  await admin.getByTestId('layout').waitFor()
  assert.equal(await admin.getByTestId('page-401').count(), 0)
})

test('an unknown path inside the shell shows the 404 page', async () => {
  const page = await env.page()
  await login(page)
  await page.goto('/no/such/page')
  await page.getByTestId('page-404').waitFor()
  await shot(page, 'permission-404')
})
