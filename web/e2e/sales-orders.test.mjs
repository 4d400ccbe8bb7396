// Sales-order lists (spec 000 §2, §3; docs/decisions/0011) as the demo tenant's admin on the real
// server with its demo orders: create an order from the list (the customer is required, in
// Chinese), see it in the list and in "mine", filter by an amount range, a date range and a
// yes/no column, the urgent row in red, its lines under the row, edit it, delete the draft after
// confirming; order types: create, edit and delete one, and a type orders use is refused with
// the server's message; the list in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const CUSTOMER = `E2E客户${stamp}`
const CUSTOMER_EDITED = `E2E改名客户${stamp}`
const TYPE_CODE = `E2E_${stamp}`
const TYPE_NAME = `E2E订单类型${stamp}`
let orderId
let orderNumber

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

// ---------------------------------------------------------------- helpers

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const title = (text) => page.locator('[data-testid="page-title"]:visible', { hasText: text })
const table = () => page.locator('[data-testid="orders-table"]:visible')
const actions = (number) => page.locator(`[data-testid="order-actions"][data-number="${number}"]:visible`)
const row = (number) => table().locator('tr.ant-table-row', { has: actions(number) })
const dialog = () => page.getByTestId('order-dialog')
const confirm = () => page.locator('.ant-modal-confirm').filter({ hasText: '提示' })

/** GET an API path as the logged-in user of the page. */
async function api(path) {
  return page.evaluate(async (p) => {
    const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
    const headers = { Authorization: `Bearer ${token.accessToken}` }
    const tenant = localStorage.getItem('kerf.currentTenant')
    if (tenant) headers.__tenant = tenant
    const r = await fetch(p, { headers })
    return { status: r.status, body: await r.json() }
  }, path)
}

/** The list calls the page makes from now on (their query strings). */
function watchLists() {
  const seen = []
  const on = (req) => {
    const u = new URL(req.url())
    if (u.pathname === '/api/app/salesorder') seen.push(u.searchParams)
  }
  page.on('request', on)
  return { seen, stop: () => page.off('request', on) }
}

/** Opens a column's header filter (antd renders a copy of the header for measuring: the visible trigger is the one). */
async function openFilter(key) {
  await table().locator(`th [data-testid="orders-filter-${key}"]`).click()
  const panel = page.locator(`[data-testid="orders-filter-${key}-panel"]:visible`)
  await panel.waitFor()
  return panel
}

async function searchNumber(number) {
  const box = page.locator('[data-testid="order-search-filter"]:visible')
  await box.fill(number)
  await box.press('Enter')
  await row(number).waitFor()
}

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

// ---------------------------------------------------------------- tests

test('open 销售管理 > 销售订单: the demo orders with their statuses', async () => {
  await page.goto('/sales/orders')
  await title('销售订单').waitFor()
  await table().locator('[data-testid="order-number"]').first().waitFor()
  const thead = await table().locator('thead').first().innerText()
  assert.match(thead, /订单编号[\s\S]*状态[\s\S]*订单类型[\s\S]*客户名称/)
  assert.match(await table().locator('tbody').innerText(), /草稿|已提交|已确认/)
  await shot(page, 'sales-orders-list')
})

test('create an order from the list: the customer is required, then the new order opens', async () => {
  await page.locator('[data-testid="order-add"]:visible').click()
  await dialog().waitFor()
  // the first enabled order type is chosen, and today's order date
  await dialog().locator('[data-testid="order-form-orderTypeId"]').getByText('标准订单').waitFor()
  await page.getByTestId('order-dialog-save').click()
  await dialog().locator('.ant-form-item-explain-error').filter({ hasText: '请输入客户名称' }).waitFor()
  await page.getByTestId('order-form-customerName').fill(CUSTOMER)
  await page.getByTestId('order-form-customerPhone').fill('13812345678')
  await page.getByTestId('order-form-dealerName').fill('E2E经销商')
  await page.getByTestId('order-form-isUrgent').click()
  await page.getByTestId('order-form-payTotal').fill('123.45')
  await page.getByTestId('order-form-isH5').check()
  await shot(page, 'sales-orders-create')
  await page.getByTestId('order-dialog-save').click()
  await toast('新增成功').waitFor()
  await page.waitForURL(/\/sales\/orders\/[0-9a-f-]{36}$/)
  orderId = page.url().split('/').at(-1)
  const got = await api(`/api/app/salesorder/${orderId}`)
  assert.equal(got.status, 200)
  assert.equal(got.body.customerName, CUSTOMER)
  assert.equal(got.body.status, 0)
  assert.equal(got.body.isUrgent, true)
  assert.equal(got.body.payTotal, 123.45)
  orderNumber = got.body.salesOrderId
  assert.match(orderNumber, /^SO\d{12}$/)
})

test('the new order is in the list, urgent in red, and in "mine"', async () => {
  await page.goto('/sales/orders')
  await title('销售订单').waitFor()
  await searchNumber(orderNumber)
  assert.match(await row(orderNumber).innerText(), new RegExp(`${CUSTOMER}[\\s\\S]*草稿|草稿[\\s\\S]*${CUSTOMER}`))
  assert.match((await row(orderNumber).getAttribute('class')) ?? '', /kerf-row-urgent/)
  const color = await row(orderNumber).locator('td').nth(3).evaluate((el) => getComputedStyle(el).color)
  const [r, g, b] = color.match(/\d+/g).map(Number)
  assert.ok(r > 150 && g < 100 && b < 100, `an urgent row is red, got ${color}`)
  await shot(page, 'sales-orders-urgent')

  await page.goto('/sales/order-tracking/own')
  await title('订单跟踪-我的').waitFor()
  await searchNumber(orderNumber)
  assert.equal(await page.locator('[data-testid="order-add"]:visible').count(), 1)
  await page.goto('/sales/order-tracking/pending')
  await title('订单跟踪-待我处理').waitFor()
  await table().waitFor()
  assert.equal(await page.locator('[data-testid="order-add"]:visible').count(), 0, 'no create on the pending list')
})

test('filter by an amount range, a date range and a yes/no column', async () => {
  await page.goto('/sales/orders')
  await title('销售订单').waitFor()
  await row(orderNumber).waitFor()
  const lists = watchLists()

  let panel = await openFilter('payTotal')
  await panel.getByTestId('orders-filter-payTotal-min').fill('123.4')
  await panel.getByTestId('orders-filter-payTotal-max').fill('123.5')
  await panel.getByTestId('orders-filter-payTotal-apply').click()
  await row(orderNumber).waitFor()
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-table"] tr.ant-table-row').length >= 1)
  for (const text of await table().locator('tr.ant-table-row').allInnerTexts()) assert.match(text, /123\.4[5]?/)

  panel = await openFilter('orderdate')
  const inputs = panel.locator('input')
  await inputs.nth(0).click()
  await inputs.nth(0).fill(today())
  await inputs.nth(0).press('Enter')
  await inputs.nth(1).click()
  await inputs.nth(1).fill(today())
  await inputs.nth(1).press('Enter')
  await panel.getByTestId('orders-filter-orderdate-apply').click()
  await row(orderNumber).waitFor()

  panel = await openFilter('isUrgent')
  await panel.locator('.ant-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '是' }).click()
  await panel.getByTestId('orders-filter-isUrgent-apply').click()
  await row(orderNumber).waitFor()
  const last = () => lists.seen.at(-1)
  assert.equal(last().get('payTotalMin'), '123.4')
  assert.equal(last().get('payTotalMax'), '123.5')
  assert.equal(last().get('orderdateFrom'), today())
  assert.equal(last().get('orderdateTo'), today())
  assert.equal(last().get('isUrgent'), 'true')
  lists.stop()

  // an urgent filter set to "no" leaves the new order out
  panel = await openFilter('isUrgent')
  await panel.locator('.ant-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '否' }).click()
  await panel.getByTestId('orders-filter-isUrgent-apply').click()
  await row(orderNumber).waitFor({ state: 'detached' })
  await shot(page, 'sales-orders-filtered')
})

test('expand an order: its product lines under the row', async () => {
  // a demo order and its lines, as the server has them
  const first = (await api('/api/app/salesorder?sorting=salesOrderId&maxResultCount=1')).body.items[0]
  const lines = (await api(`/api/sales-order/sales-order-products?salesOrderId=${first.id}&maxResultCount=50`)).body
  assert.ok(lines.totalCount > 0, 'the demo orders have product lines')
  await page.goto('/sales/orders')
  await title('销售订单').waitFor()
  await searchNumber(first.salesOrderId)
  await row(first.salesOrderId).locator('.ant-table-row-expand-icon').click()
  const child = page.locator(`[data-testid="order-lines"][data-order="${first.salesOrderId}"]`)
  await child.locator('tr.ant-table-row').first().waitFor()
  assert.equal(await child.locator('tr.ant-table-row').count(), Math.min(lines.totalCount, 50))
  assert.ok((await child.locator('tr.ant-table-row').first().innerText()).includes(lines.items[0].name))
  await shot(page, 'sales-orders-lines')

  // the new order has none yet
  await searchNumber(orderNumber)
  await row(orderNumber).locator('.ant-table-row-expand-icon').click()
  const empty = page.locator(`[data-testid="order-lines"][data-order="${orderNumber}"]`)
  await empty.getByText('该订单还没有产品明细').waitFor()
  await row(orderNumber).locator('.ant-table-row-expand-icon').click()
  await empty.waitFor({ state: 'hidden' })
})

test('edit the order in the dialog', async () => {
  await actions(orderNumber).getByTestId('order-edit').click()
  await dialog().waitFor()
  assert.equal(await page.getByTestId('order-form-customerName').inputValue(), CUSTOMER)
  // the amounts derived from the lines are shown, read only
  assert.equal(await page.getByTestId('order-form-differencePrice').inputValue(), '-123.45')
  await page.getByTestId('order-form-customerName').fill(CUSTOMER_EDITED)
  await page.getByTestId('order-form-customerName').press('Enter')
  await toast('修改成功').waitFor()
  await dialog().waitFor({ state: 'hidden' })
  await row(orderNumber).filter({ hasText: CUSTOMER_EDITED }).waitFor()
})

test('delete the draft after a confirmation', async () => {
  await actions(orderNumber).getByTestId('order-delete').click()
  await confirm().filter({ hasText: orderNumber }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('删除成功').waitFor()
  await row(orderNumber).waitFor({ state: 'detached' })
  assert.equal((await api(`/api/app/salesorder/${orderId}`)).status, 404)
})

test('order types: create, edit and delete one; a type orders use is refused with its message', async () => {
  await page.goto('/sales/order-types')
  await title('订单类型').waitFor()
  const typeActions = (code) => page.locator(`[data-testid="type-actions"][data-code="${code}"]:visible`)
  await page.locator('[data-testid="type-code"]:visible').first().waitFor()

  await page.locator('[data-testid="type-add"]:visible').click()
  await page.getByTestId('type-dialog').waitFor()
  await page.getByTestId('type-form-code').fill(TYPE_CODE)
  await page.getByTestId('type-form-name').fill(TYPE_NAME)
  await page.getByTestId('type-form-sort').fill('50')
  await page.getByTestId('type-form-name').press('Enter')
  await toast('新增成功').waitFor()
  await typeActions(TYPE_CODE).waitFor()

  await typeActions(TYPE_CODE).getByTestId('type-edit').click()
  await page.getByTestId('type-dialog').waitFor()
  assert.equal(await page.getByTestId('type-form-name').inputValue(), TYPE_NAME)
  await page.getByTestId('type-form-name').fill(`${TYPE_NAME}改`)
  await page.getByTestId('type-form-isEnable').click()
  await page.getByTestId('type-dialog-save').click()
  await toast('修改成功').waitFor()
  const typeRow = page.locator('tr.ant-table-row', { has: typeActions(TYPE_CODE) })
  await typeRow.filter({ hasText: `${TYPE_NAME}改` }).filter({ hasText: '停用' }).waitFor()

  await typeActions(TYPE_CODE).getByTestId('type-delete').click()
  await confirm().filter({ hasText: TYPE_CODE }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('删除成功').waitFor()
  await typeActions(TYPE_CODE).waitFor({ state: 'detached' })

  // the standard order type is used by the demo orders: the server refuses, the page says why
  const std = page.locator('tr.ant-table-row', { hasText: '标准订单' })
  await std.getByTestId('type-delete').click()
  await confirm().filter({ hasText: '标准订单' }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await page.locator('.ant-message-notice-error').filter({ hasText: '标准订单' }).waitFor()
  await std.waitFor()
  await shot(page, 'sales-order-types')
})

test('the order list in English', async () => {
  await page.goto('/sales/orders')
  await title('销售订单').waitFor()
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await title('Sales orders').waitFor()
  await table().locator('[data-testid="order-number"]').first().waitFor()
  assert.match(await table().locator('thead').first().innerText(), /Order number[\s\S]*Status[\s\S]*Order type[\s\S]*Customer/)
  assert.match(await table().locator('tbody').innerText(), /Draft|Submitted|Confirmed/)
  await page.locator('[data-testid="order-add"]:visible').filter({ hasText: 'New order' }).waitFor()
  await shot(page, 'sales-orders-en')
})
