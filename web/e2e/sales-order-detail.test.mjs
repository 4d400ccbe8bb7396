// The order screen (spec 000 §2 "Sales order detail", "Order file panel"; docs/decisions/0011) as
// the host admin, in English, on the real server with its demo data: a new order gets products
// and parts from the catalogue pickers; a line's count is edited, its computed amount follows at
// once and the order total after saving (and after leaving the order); a spreadsheet is imported
// through the seeded rules mapping and split mapping (a bad file first: its row errors listed);
// two files are uploaded and one deleted after the confirmation; a file column configured through
// the API takes two files during a line's edit, one is taken off and deleted on the server when
// the line is saved; the order goes from draft to closed; the quotation downloads as an .xlsx.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { login, setup, shot, chooseOption, exactly } from './support.mjs'
import { xlsx } from './xlsx.mjs'

let env
let page
let order
const stamp = Date.now().toString(36).slice(-5)
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
// The demo's mappings on the host (internal/importmapping/seed.go).
const RULE_MAPPING = '销售订单产品导入（示例） (products)'
const SPLIT_MAPPING = '按类别拆单（示例）'

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.waitForFunction(() => document.documentElement.lang === 'en')
  const types = await api('GET', '/api/app/sales-order-types/enabled')
  assert.equal(types.status, 200, JSON.stringify(types.data))
  const made = await api('POST', '/api/app/salesorder', { orderTypeId: types.data.items[0].id, customerName: `E2E customer ${stamp}` })
  assert.equal(made.status, 200, JSON.stringify(made.data))
  order = made.data
})
after(async () => {
  await env?.close()
})

// ---------------------------------------------------------------- helpers

/** Calls the API as the user logged in on the page; answers {status, data}. */
async function api(method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Accept-Language': 'en', 'Content-Type': 'application/json' }
      const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: r.status, data: await r.json().catch(() => null) }
    },
    { method, path, body },
  )
}

const getOrder = async () => (await api('GET', `/api/app/salesorder/${order.id}`)).data
const lines = async (path) => (await api('GET', `${path}?salesOrderId=${order.id}&MaxResultCount=50&SkipCount=0`)).data.items
const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const money = (n) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const rowsOf = (table) => page.getByTestId(`lines-${table}`).getByTestId('line-row')
const statusTag = () => page.getByTestId('order-header').locator('[data-status]')

async function openOrder() {
  await page.goto(`/sales/orders/${order.id}`)
  await page.getByTestId('order-number').filter({ hasText: order.salesOrderId }).waitFor()
}

/** The open actions menu (menus of other tables stay in the page, hidden). */
const openMenu = () => page.locator('.ant-dropdown:visible')

async function tableAction(table, action) {
  await page.getByTestId(`tab-${table}`).click()
  await page.getByTestId(`actions-${table}`).click()
  await openMenu().getByTestId(`action-${action}`).click()
}

const choose = (select, text) => chooseOption(page, select, text)

/** The count input of a line in edit mode (antd puts the test id on the input or around it). */
const countInput = (row) => row.locator('input[data-testid="cell-count"], [data-testid="cell-count"] input').first()
const priceInput = (row) => row.locator('input[data-testid="cell-price"], [data-testid="cell-price"] input').first()

// ---------------------------------------------------------------- tests

test('products and parts are added from the pickers, and an edited count changes the amount and the order total', async () => {
  await openOrder()
  assert.equal(await statusTag().textContent(), 'Draft')
  assert.equal(await page.getByTestId('tab-product').getAttribute('data-required'), 'true')

  await tableAction('product', 'select')
  const picker = page.getByTestId('product-picker')
  await picker.getByTestId('product-picker-row').nth(1).waitFor()
  await picker.getByTestId('product-picker-row').nth(0).click()
  await picker.getByTestId('product-picker-row').nth(1).click()
  await page.getByTestId('product-picker-confirm').click()
  await toast('2 line(s) added').waitFor()
  await rowsOf('product').nth(1).waitFor()
  assert.equal(await rowsOf('product').count(), 2)

  await tableAction('matter', 'select')
  const parts = page.getByTestId('part-picker')
  await parts.getByTestId('part-picker-row').first().click()
  await page.getByTestId('part-picker-confirm').click()
  await toast('1 line(s) added').waitFor()
  await rowsOf('matter').first().waitFor()

  const before = await getOrder()
  await page.getByTestId('tab-product').click()
  await page.getByTestId('amount-totalPrice').filter({ hasText: exactly(money(before.totalPrice)) }).waitFor()

  // Edit mode: the amount (price × count) follows the count while it is typed.
  const row = rowsOf('product').first()
  await row.getByTestId('line-edit').click()
  const price = Number(await priceInput(row).inputValue())
  await countInput(row).fill('3')
  await row.getByTestId('cell-amount').filter({ hasText: exactly(String(Math.round(price * 3 * 100) / 100)) }).waitFor()
  await page.getByTestId('unsaved').waitFor()
  await shot(page, 'sales-order-detail-editing')

  await page.getByTestId('save-lines').click()
  await toast('Order lines saved').waitFor()
  await page.getByTestId('unsaved').waitFor({ state: 'hidden' })
  const saved = await getOrder()
  assert.equal(Math.round((saved.totalPrice - before.totalPrice) * 100), Math.round(price * 2 * 100))
  await page.getByTestId('amount-totalPrice').filter({ hasText: exactly(money(saved.totalPrice)) }).waitFor()
  await page.getByTestId('amount-totalSumPrice').filter({ hasText: exactly(money(saved.totalSumPrice)) }).waitFor()

  // Leaving the order saves what changed: the count of the second line, edited and not saved.
  await toast('Order lines saved').waitFor({ state: 'hidden' })
  const second = rowsOf('product').nth(1)
  await second.getByTestId('line-edit').click()
  await countInput(second).fill('4')
  await page.getByTestId('back-to-list').click()
  await page.waitForURL(/\/sales\/orders$/)
  await toast('Order lines saved').waitFor()
  const counts = (await lines('/api/sales-order/sales-order-products')).map((l) => l.count)
  assert.deepEqual(counts, [3, 4])
})

test('a spreadsheet is imported through a rules mapping and a split mapping, all rows or none', async () => {
  await openOrder()
  const header = ['名称', '编码', '长', '宽', '高', '数量', '颜色', '单位', '单价', '类别', '备注']
  const good = [
    ['E2E tall cabinet', `TC-${stamp}`, 600, 580, 2100, 2, '白', '件', 1200, '柜体', ''],
    ['E2E hinge', `HW-${stamp}`, '', '', '', 12, '', '个', 3.5, '五金', ''],
  ]
  const bad = [good[0], ['E2E shelf', 'SH-1', 'long', 300, 18, 1, '', '件', 80, '柜体', '']]

  await tableAction('product', 'importExcel')
  const dialog = page.getByTestId('import-dialog')
  await page.getByTestId('import-confirm').click()
  await page.getByText('Please choose a rules mapping').waitFor()
  await choose(dialog.getByTestId('import-rule-mapping'), RULE_MAPPING)
  await choose(dialog.getByTestId('import-split-mapping'), SPLIT_MAPPING)

  // A row that cannot be read: nothing is imported and the error names its row and column.
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX_TYPE, buffer: xlsx([header, ...bad]) })
  await page.getByTestId('import-confirm').click()
  const error = page.getByTestId('import-error').first()
  await error.waitFor()
  assert.equal(await error.getAttribute('data-row'), '3')
  assert.equal(await error.getAttribute('data-column'), 'C')
  assert.equal((await lines('/api/sales-order/sales-order-products')).length, 2)

  await dialog.locator('input[type="file"]').setInputFiles({ name: 'good.xlsx', mimeType: XLSX_TYPE, buffer: xlsx([header, ...good]) })
  await page.getByTestId('import-confirm').click()
  await toast('Imported: 1 product line(s), 1 part line(s), 0 standard product line(s)').waitFor()
  await rowsOf('product').filter({ hasText: 'E2E tall cabinet' }).waitFor()
  await page.getByTestId('tab-matter').click()
  await rowsOf('matter').filter({ hasText: 'E2E hinge' }).waitFor()
})

test('order files: two uploaded at once, one deleted after the confirmation, one downloaded', async () => {
  await openOrder()
  const panel = page.getByTestId('files-order')
  await panel.locator('input[type="file"]').setInputFiles([
    { name: `plan-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('kitchen plan') },
    { name: `photo-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('site photo') },
  ])
  await toast('2 file(s) uploaded').waitFor()
  await panel.getByTestId('file-row').nth(1).waitFor()

  const photo = panel.getByTestId('file-row').filter({ hasText: `photo-${stamp}.txt` })
  await photo.getByTestId('file-delete').click()
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: `Delete the file "photo-${stamp}.txt"?` })
  await confirm.locator('.ant-modal-confirm-title').filter({ hasText: exactly('Tips') }).waitFor()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await photo.waitFor({ state: 'detached' })
  assert.equal(await panel.getByTestId('file-row').count(), 1)

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('file-download').first().click()])
  assert.equal(download.suggestedFilename(), `plan-${stamp}.txt`)
  assert.equal(await readFile(await download.path(), 'utf8'), 'kitchen plan')
})

test('files on a line: two uploaded during the edit, one taken off, saved — the dropped file is deleted on the server, the kept one stays', async () => {
  // A file column on the product table, through the configuration API (the seeded tables have none).
  const config = await api('GET', '/api/sales-order/detail-tables/config')
  assert.equal(config.status, 200, JSON.stringify(config.data))
  const items = config.data.items.map(({ key, orderTypeId, shown, required, sort, columns, actions }) => ({
    key,
    orderTypeId: orderTypeId ?? undefined,
    shown,
    required,
    sort,
    columns: key === 'product' ? [...columns, { key: 'attachments', displayName: 'Attachments', widget: 'file', displayWidth: 260 }] : columns,
    actions,
  }))
  const saved = await api('PUT', '/api/sales-order/detail-tables/config', { items })
  assert.equal(saved.status, 200, JSON.stringify(saved.data))

  await openOrder()
  await page.getByTestId('tab-product').click()
  const row = rowsOf('product').first()
  await row.getByTestId('cell-attachments').waitFor({ state: 'attached' })
  await row.getByTestId('line-edit').click()
  await row.getByTestId('line-file-upload').waitFor()
  await row.locator('input[type="file"]').setInputFiles([
    { name: `door-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('door drawing') },
    { name: `handle-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('handle photo') },
  ])
  await toast('2 file(s) uploaded').waitFor()
  const onLine = row.getByTestId('line-file')
  await onLine.nth(1).waitFor()
  const door = onLine.filter({ hasText: `door-${stamp}.txt` })
  const doorId = await door.getAttribute('data-id')
  const handleId = await onLine.filter({ hasText: `handle-${stamp}.txt` }).getAttribute('data-id')
  // Both are files of the order now, downloadable with the token call.
  assert.equal((await api('GET', `/api/app/salesorder/multifile/${order.id}/${doorId}`)).status, 200)

  await door.getByTestId('line-file-remove').click()
  await door.waitFor({ state: 'detached' })
  await page.getByTestId('save-lines').click()
  await toast('Order lines saved').waitFor()
  await page.getByTestId('unsaved').waitFor({ state: 'hidden' })

  // The file taken off during the edit is gone from the server; the kept one is on the line.
  assert.equal((await api('GET', `/api/app/salesorder/multifile/${order.id}/${doorId}`)).status, 404)
  assert.equal((await api('GET', `/api/app/salesorder/multifile/${order.id}/${handleId}`)).status, 200)
  await openOrder()
  await page.getByTestId('tab-product').click()
  const kept = rowsOf('product').first().getByTestId('line-file')
  await kept.filter({ hasText: `handle-${stamp}.txt` }).waitFor()
  assert.equal(await kept.count(), 1)
  const first = (await lines('/api/sales-order/sales-order-products'))[0]
  assert.deepEqual(first.values.attachments, [{ id: handleId, fileName: `handle-${stamp}.txt` }])
  // Line files stay out of the order file panel.
  await page.getByTestId('files-order').getByTestId('file-row').first().waitFor()
  assert.equal(await page.getByTestId('files-order').getByTestId('file-row').filter({ hasText: `handle-${stamp}.txt` }).count(), 0)
})

test('the order moves from draft to closed, each move logged, and its lines freeze after confirmation', async () => {
  await openOrder()
  const moves = [
    ['submit', 'Submitted'],
    ['review', 'In review'],
    ['confirm', 'Confirmed'],
    ['release', 'In production'],
    ['ship', 'Shipped'],
    ['close', 'Closed'],
  ]
  for (const [action, status] of moves) {
    await page.getByTestId(`status-${action}`).click()
    await statusTag().filter({ hasText: exactly(status) }).waitFor()
    await page.locator(`[data-testid="status-log-entry"][data-action="${action}"]`).waitFor()
  }
  await page.getByTestId('status-actions').waitFor({ state: 'detached' })
  // Lines of a closed order only export: no edit mode, no other action.
  await page.getByTestId('tab-product').click()
  await rowsOf('product').first().waitFor()
  assert.equal(await page.getByTestId('lines-product').getByTestId('line-edit').count(), 0)
  await page.getByTestId('actions-product').click()
  await openMenu().getByTestId('action-export').waitFor()
  assert.equal(await openMenu().getByTestId('action-clear').count(), 0)
  await page.keyboard.press('Escape')
  await shot(page, 'sales-order-detail-closed')
})

test('the quotation downloads as an .xlsx', async () => {
  await openOrder()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('quotation').click()])
  assert.match(download.suggestedFilename(), /\.xlsx$/)
  const bytes = await readFile(await download.path())
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK')
})
