// Offcuts and warehouse (docs/decisions/0013, "Warehouse") as the demo tenant's admin on the real
// server with its demo warehouse: receive boards into a bin through the book dialog, see them in
// the inventory and in the shelf grid (and the bin's items), see the statistics count them,
// issue some and see the statistics change, and an over-issue answered with the server's message.
// Then set up a storehouse from the shelves page: a factory, a row, a shelf of 3 levels × 4
// positions (12 bins), shrunk to 2 levels, its deletion refused while it holds stock, and an
// empty shelf deleted after the 提示 confirmation.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { chooseOption, login, setup, shot } from './support.mjs'

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
async function book(button, { quantity, reason, material = MATERIAL, bin = BIN }) {
  await page.getByTestId(button).click()
  await page.getByTestId('book-form').waitFor()
  await input('book-materialCode').fill(material)
  await input('book-thickness').fill('18')
  await input('book-length').fill('1000')
  await input('book-width').fill('500')
  await input('book-binCode').fill(bin)
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

const FACTORY = `F${stamp}`
const ROW = `R${stamp}`
const SHELF = `S${stamp}`
const SPARE = `T${stamp}`

const card = (code) => page.locator(`[data-testid="shelf-card"][data-code="${code}"]`)
const row = (code) => page.locator(`[data-testid="shelf-row"][data-code="${code}"]`)
const fieldError = (form, name) => page.getByTestId(form).locator(`.ant-form-item:has([id$="${name}"]) .ant-form-item-explain-error`)
const grid = (code) => page.locator(`[data-testid="shelf-grid"][data-code="${code}"]`)

/** Opens a shelf's grid and answers the codes of its bins once it shows `count` of them. */
async function binsOf(code, count) {
  await card(code).click()
  const bins = grid(code).getByTestId('bin')
  await bins.nth(count - 1).waitFor()
  await bins.nth(count).waitFor({ state: 'detached' })
  return bins.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))
}

/** Fills the shelf dialog's code, levels and positions (the rest as it is). */
async function fillShelf({ code, levels, perLevel }) {
  await input('shelf-code').fill(code)
  await input('shelf-levels').fill(String(levels))
  await input('shelf-bins-per-level').fill(String(perLevel))
}

test('a factory, a row and a shelf of 3 × 4 bins are set up from the shelves page; the shelf shrinks to 2 levels', async () => {
  await page.goto('/offcut/shelves')
  await row('A').waitFor()

  // A factory, through the factories dialog; Enter saves.
  await page.getByTestId('open-factories').click()
  await page.getByTestId('factory-add').click()
  await page.getByTestId('factory-form').waitFor()
  await input('factory-code').fill(FACTORY)
  await input('factory-name').fill(`E2E 工厂 ${stamp}`)
  await input('factory-address').press('Enter')
  await toast('已保存').waitFor()
  await page.locator(`[data-testid="factory-table"] tr[data-code="${FACTORY}"]`).waitFor()
  await page.getByTestId('factory-form').waitFor({ state: 'hidden' })
  await page.locator('.ant-modal:visible .ant-modal-close').click()
  await page.getByTestId('factory-table').waitFor({ state: 'hidden' })

  // A row of that factory.
  await page.getByTestId('add-row').click()
  await page.getByTestId('row-form').waitFor()
  await chooseOption(page, page.getByTestId('row-factory'), `E2E 工厂 ${stamp} (${FACTORY})`)
  await input('row-code').fill(ROW)
  await input('row-name').fill(`E2E 排 ${stamp}`)
  await input('row-name').press('Enter')
  await row(ROW).waitFor()

  // A shelf in the row: a level count out of range and an empty code are refused on their fields;
  // a taken code is refused by the server, on the code field.
  await row(ROW).getByTestId('row-add-shelf').click()
  await page.getByTestId('shelf-form').waitFor()
  await fillShelf({ code: '', levels: 30, perLevel: 4 })
  await page.getByTestId('shelf-save').click()
  await fieldError('shelf-form', 'levels').filter({ hasText: '必须是 1 到 20 之间的整数' }).waitFor()
  await fieldError('shelf-form', 'code').filter({ hasText: '请输入编码' }).waitFor()
  await fillShelf({ code: 'a01', levels: 3, perLevel: 4 })
  await page.getByTestId('shelf-save').click()
  await fieldError('shelf-form', 'code').filter({ hasText: '货架编码“a01”已存在' }).waitFor()
  await shot(page, 'warehouse-shelf-dialog')
  await input('shelf-code').fill(SHELF)
  await input('shelf-levels').press('Enter')
  await card(SHELF).waitFor()
  const twelve = await binsOf(SHELF, 12)
  assert.equal(twelve.length, 12)
  assert.ok(twelve.includes(`${SHELF}-1-1`) && twelve.includes(`${SHELF}-3-4`), twelve.join(' '))

  // Two levels: 8 bins, level 3 gone.
  await card(SHELF).getByTestId('shelf-edit').click()
  await page.getByTestId('shelf-form').waitFor()
  await input('shelf-levels').fill('2')
  await page.getByTestId('shelf-shrink-hint').waitFor()
  await page.getByTestId('shelf-save').click()
  await toast('已保存').first().waitFor()
  await page.getByTestId('shelf-form').waitFor({ state: 'hidden' })
  const eight = await binsOf(SHELF, 8)
  assert.equal(eight.length, 8)
  assert.ok(!eight.some((c) => c.startsWith(`${SHELF}-3-`)), eight.join(' '))
  await shot(page, 'warehouse-setup')
})

test('a shelf holding stock is not deleted (the message names the bin); an empty one is, after 提示', async () => {
  await page.goto('/offcut/inventory')
  await book('stock-receive', { quantity: 2, reason: 'E2E 货架', material: `E2S-${stamp}`, bin: `${SHELF}-2-4` })
  await toast('已登记').first().waitFor()

  await page.goto('/offcut/shelves')
  await card(SHELF).getByTestId('shelf-delete').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提示' })
  await confirm.filter({ hasText: `确定删除货架 ${SHELF} 及其 8 个库位吗？` }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast(`货架 ${SHELF} 有库存（库位 ${SHELF}-2-4：2 件），不能删除`).waitFor()
  await confirm.waitFor({ state: 'detached' })
  assert.equal(await card(SHELF).count(), 1)

  // An empty shelf of 1 × 1 in the same row goes.
  await row(ROW).getByTestId('row-add-shelf').click()
  await page.getByTestId('shelf-form').waitFor()
  await fillShelf({ code: SPARE, levels: 1, perLevel: 1 })
  await page.getByTestId('shelf-save').click()
  await card(SPARE).waitFor()
  await card(SPARE).getByTestId('shelf-delete').click()
  await confirm.filter({ hasText: `确定删除货架 ${SPARE} 及其 1 个库位吗？` }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('已删除').waitFor()
  await card(SPARE).waitFor({ state: 'detached' })
  assert.equal(await card(SHELF).count(), 1)
})
