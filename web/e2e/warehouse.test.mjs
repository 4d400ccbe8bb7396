// Offcuts and warehouse (docs/decisions/0013, "Warehouse") as the demo tenant's admin on the real
// server with its demo warehouse: receive boards into a bin through the book dialog, see them in
// the inventory and in the shelf grid (and the bin's items), see the statistics count them,
// issue some and see the statistics change, and an over-issue answered with the server's message.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5).toUpperCase()
const MATERIAL = `E2E-${stamp}`
const BIN = 'A01-4-5'

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const input = (testId) => page.locator(`[data-testid="${testId}"]`).locator('xpath=descendant-or-self::input').first()

/** Books through the dialog: opens it with `button`, fills the move and saves. */
async function book(button, { quantity, reason }) {
  await page.getByTestId(button).click()
  await page.getByTestId('book-form').waitFor()
  await input('book-materialCode').fill(MATERIAL)
  await input('book-thickness').fill('18')
  await input('book-length').fill('1000')
  await input('book-width').fill('500')
  await input('book-binCode').fill(BIN)
  await input('book-quantity').fill(String(quantity))
  await input('book-reason').fill(reason)
  await page.getByTestId('book-save').click()
}

async function stockOnHand() {
  await page.goto('/offcut/inventory')
  await input('stock-search-materialCode').fill(MATERIAL)
  await page.getByTestId('stock-search-submit').click()
  const cell = page.locator('[data-testid="stock-table"] tr.ant-table-row').filter({ hasText: MATERIAL }).getByTestId('stock-onhand')
  return Number(await cell.innerText())
}

/** The statistics' totals for the test's material over the default range. */
async function statistics() {
  await page.goto('/offcut/statistics')
  await input('stat-search-materialCode').fill(MATERIAL)
  const answered = page.waitForResponse((r) => r.url().includes('/statistics?') && r.url().includes(MATERIAL))
  await page.getByTestId('stat-search-submit').click()
  await answered
  const value = async (id) => Number((await page.getByTestId(id).locator('.ant-statistic-content-value').innerText()).replace(/[^\d]/g, ''))
  await page.getByTestId('stat-table').locator('tr.ant-table-row').filter({ hasText: MATERIAL }).waitFor()
  return { in: await value('stat-in'), out: await value('stat-out'), onHand: await value('stat-onhand') }
}

test('boards received through the dialog show in the inventory, the shelf grid and the statistics', async () => {
  await page.goto('/offcut/inventory')
  await book('stock-receive', { quantity: 12, reason: 'E2E 入库' })
  await toast('已登记').waitFor()
  assert.equal(await stockOnHand(), 12)

  // The log has the receipt.
  await page.getByTestId('tab-log').click()
  const logRow = page.locator('[data-testid="log-table"] tr.ant-table-row').filter({ hasText: MATERIAL }).first()
  await logRow.waitFor()
  assert.equal(await logRow.getByTestId('log-quantity').innerText(), '12')
  assert.equal(await logRow.getByTestId('log-direction').innerText(), '入库')

  await page.goto('/offcut/shelves')
  await page.locator('[data-testid="shelf-card"][data-code="A01"]').click()
  const bin = page.locator(`[data-testid="shelf-grid"][data-code="A01"] [data-testid="bin"][data-code="${BIN}"]`)
  await bin.waitFor()
  assert.equal(await bin.getAttribute('data-onhand'), '12')
  // The demo's boards are in A01-1-1 (40 pieces).
  assert.equal(await page.locator('[data-testid="bin"][data-code="A01-1-1"]').getAttribute('data-onhand'), '40')
  await shot(page, 'warehouse-shelves')
  await bin.click()
  const item = page.getByTestId('bin-items').getByTestId('bin-item').filter({ hasText: MATERIAL })
  await item.waitFor()
  assert.match(await item.innerText(), /1000×500×18/)
  await page.keyboard.press('Escape')

  assert.deepEqual(await statistics(), { in: 12, out: 0, onHand: 12 })
  await page.getByTestId('stat-chart').waitFor()
  await shot(page, 'warehouse-statistics')
})

test('issuing changes the stock and the statistics; an over-issue shows the server’s message and changes nothing', async () => {
  await page.goto('/offcut/inventory')
  await book('stock-issue', { quantity: 5, reason: 'E2E 出库' })
  await toast('已登记').waitFor()
  assert.equal(await stockOnHand(), 7)
  assert.deepEqual(await statistics(), { in: 12, out: 5, onHand: 7 })

  await page.goto('/offcut/inventory')
  await book('stock-issue', { quantity: 100, reason: 'E2E 超量' })
  const error = page.getByTestId('book-error')
  await error.waitFor()
  assert.match(await error.innerText(), new RegExp(`${MATERIAL} 1000×500×18 库存不足：需要 100，现有 7`))
  await shot(page, 'warehouse-over-issue')
  await page.keyboard.press('Escape')
  assert.equal(await stockOnHand(), 7)
})
