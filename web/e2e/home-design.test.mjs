// The design platform pages (spec 001 §2, §3; docs/decisions/0012) as the demo tenant's admin, in
// zh-Hans, on the real server with its demo plans: the user menu's 设计平台账号 shows the binding
// to the development platform's account "demo", changes it to another account and back; the
// viewer of a demo plan (/home-design/viewer/{planId}) says it is the development platform, draws
// every cabinet and lists its panels and hardware, without the shell's layout; with ?solution=CODE
// inside a frame it shows that solution only, and the frame's document holds no sidebar, header or
// tabs. A user without the viewer's permission gets the 401 page. The plan picker is exercised by
// e2e/audit-design.test.mjs.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
let plan
let design

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
  const plans = await api('GET', '/api/app/home-design/plans?num=999&start=0')
  assert.equal(plans.status, 200, JSON.stringify(plans.data))
  // The demo plan with the most solutions.
  for (const p of plans.data.items) {
    const d = await api('GET', `/api/app/home-design/plans/${encodeURIComponent(p.planId)}`)
    assert.equal(d.status, 200, JSON.stringify(d.data))
    if (!design || d.data.solutions.length > design.solutions.length) {
      plan = p
      design = d.data
    }
  }
  assert.ok(design.solutions.length >= 2, `a demo plan with two solutions or more: ${plan?.name}`)
})
after(async () => {
  await env?.close()
})

/** Calls the API as the user logged in on the page; answers {status, data}. */
async function api(method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json' }
      const tenant = localStorage.getItem('kerf.currentTenant')
      if (tenant) headers.__tenant = tenant
      const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: r.status, data: await r.json().catch(() => null) }
    },
    { method, path, body },
  )
}

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const dialog = () => page.getByTestId('home-design-binding-dialog')

async function openBindingDialog() {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('menu-home-design-binding').click()
  await dialog().getByTestId('binding-account').waitFor()
}

test('设计平台账号 shows the binding to the development platform, changes the account and back', async () => {
  await openBindingDialog()
  assert.equal(await dialog().getByTestId('binding-provider').textContent(), '开发用设计平台')
  assert.equal(await dialog().getByTestId('binding-account').textContent(), 'demo')
  await shot(page, 'home-design-binding')

  await dialog().getByRole('button', { name: /更\s?换/ }).click()
  await dialog().getByText('请输入账号').waitFor()
  await dialog().getByLabel('新账号').fill('e2e-other')
  await dialog().getByRole('button', { name: /更\s?换/ }).click()
  await toast('更换成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  assert.equal((await api('GET', '/api/app/home-design/binding')).data.account, 'e2e-other')

  await openBindingDialog()
  assert.equal(await dialog().getByTestId('binding-account').textContent(), 'e2e-other')
  await dialog().getByLabel('新账号').fill('demo')
  await dialog().getByRole('button', { name: /更\s?换/ }).click()
  await toast('更换成功').waitFor()
  const back = (await api('GET', '/api/app/home-design/binding')).data
  assert.deepEqual([back.bound, back.account], [true, 'demo'])
})

test('the viewer draws every cabinet of a demo plan with its panels and hardware', async () => {
  await page.goto(`/home-design/viewer/${encodeURIComponent(plan.planId)}`)
  const viewer = page.getByTestId('home-design-viewer')
  await viewer.getByTestId('design-name').filter({ hasText: design.name }).waitFor()
  assert.equal(await viewer.getByTestId('page-title').textContent(), '开发用设计平台')
  // the page alone, without the shell's layout
  assert.equal(await page.getByTestId('layout').count(), 0)
  // one tab per solution; the first is shown
  for (const s of design.solutions) await viewer.getByRole('tab', { name: `${s.name} (${s.code})` }).waitFor()
  const first = design.solutions[0]
  const shown = viewer.locator(`[data-testid="solution"][data-code="${first.code}"]`)
  await shown.getByTestId('cabinet').first().waitFor()
  assert.equal(await shown.getByTestId('cabinet').count(), first.cabinets.length)
  assert.equal(await shown.getByTestId('cabinet-drawing').count(), first.cabinets.length)
  const cabinet = shown.getByTestId('cabinet').first()
  const c = first.cabinets[0]
  assert.equal(await cabinet.getByTestId('cabinet-name').textContent(), c.name)
  await cabinet.getByText(`宽 ${c.width} × 高 ${c.height} × 深 ${c.depth} mm`).waitFor()
  const rows = cabinet.getByTestId('panel-table').locator('tbody tr.ant-table-row')
  assert.equal(await rows.count(), c.panels.length)
  const p = c.panels[0]
  const cells = await rows.first().locator('td').allTextContents()
  assert.deepEqual(cells.slice(0, 5), [p.name, p.material, String(p.thickness), `${p.length} × ${p.width}`, String(p.count)])
  const e = p.edges
  assert.equal(cells[5], [e.top, e.bottom, e.left, e.right].map((s) => String(s.thickness)).join(' / '))
  const hardware = cabinet.getByTestId('hardware-table').locator('tbody tr.ant-table-row')
  assert.equal(await hardware.count(), c.hardware.length)
  assert.deepEqual((await hardware.first().locator('td').allTextContents()), [c.hardware[0].name, c.hardware[0].code, String(c.hardware[0].count)])
  await shot(page, 'home-design-viewer')

  // the other solution's cabinets on its tab
  const second = design.solutions[1]
  await viewer.getByRole('tab', { name: `${second.name} (${second.code})` }).click()
  const names = viewer.locator(`[data-testid="solution"][data-code="${second.code}"]`).getByTestId('cabinet-name')
  await names.first().waitFor()
  assert.deepEqual(await names.allTextContents(), second.cabinets.map((x) => x.name))
})

test('in a frame the viewer shows the named solution, and the frame holds no shell', async () => {
  const second = design.solutions[1]
  await page.goto('/dashboard')
  await page.getByTestId('layout').waitFor()
  await page.evaluate((src) => {
    const f = document.createElement('iframe')
    f.src = src
    f.id = 'design-frame'
    f.style.cssText = 'position:fixed;left:0;top:0;width:1000px;height:700px;z-index:5000;border:0;background:#fff'
    document.body.appendChild(f)
  }, `/home-design/viewer/${encodeURIComponent(plan.planId)}?solution=${encodeURIComponent(second.code)}`)
  const frame = page.frameLocator('#design-frame')
  const viewer = frame.getByTestId('home-design-viewer')
  await viewer.getByTestId('solution').getByTestId('cabinet').first().waitFor()
  assert.equal(await viewer.getByTestId('solution').count(), 1)
  assert.equal(await viewer.getByTestId('solution').getAttribute('data-code'), second.code)
  assert.equal(await viewer.getByRole('tab').count(), 0)
  assert.deepEqual(await viewer.getByTestId('cabinet-name').allTextContents(), second.cabinets.map((x) => x.name))
  // the frame's document is the viewer alone: no layout, sidebar, header, tabs or user menu
  const inFrame = await page.frames().find((f) => f.url().includes('/home-design/viewer/')).evaluate(() => ({
    shell: ['[data-testid="layout"]', '.kerf-sidebar', '.kerf-header', '.kerf-tags', '[data-testid="user-menu"]'].filter((s) => document.querySelector(s)),
    corner: !!document.elementFromPoint(5, 5)?.closest('[data-testid="home-design-viewer"]'),
  }))
  assert.deepEqual(inFrame, { shell: [], corner: true })
  await shot(page, 'home-design-viewer-framed')
  await page.evaluate(() => document.getElementById('design-frame')?.remove())
})

test('a user without the viewer\'s permission gets the 401 page, not an empty one', async () => {
  const other = await env.page()
  try {
    await login(other, { tenant: 'demo', username: 'sales' })
    await other.goto(`/home-design/viewer/${encodeURIComponent(plan.planId)}`)
    await other.getByTestId('page-401').waitFor()
    assert.equal(await other.getByTestId('home-design-viewer').count(), 0)
  } finally {
    await other.close()
  }
})
