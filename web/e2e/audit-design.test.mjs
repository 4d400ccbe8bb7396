// The design review (spec 001 §2 "Audit-design table", §4, §5, §8; docs/decisions/0012) as the
// demo tenant's admin, in zh-Hans, on the real server with its demo plans: a draft order gets a
// design scheme through the plan picker (one waiting sheet per solution); a sheet is claimed,
// rejected with a reason (shown in the row and the log), revoked, claimed again and passed;
// another is claimed, sent back, claimed and passed; cancelling the scheme is refused once a sheet
// moved; a quotation lands as an .xlsx in the order's files; the design JSON downloads as a zip and
// the rows show it downloaded; the review queue lists a waiting sheet of another order and claims
// it; the queue's texts in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
let order
let other
let plan
const stamp = Date.now().toString(36).slice(-5)

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
  const types = await api('GET', '/api/app/sales-order-types/enabled')
  assert.equal(types.status, 200, JSON.stringify(types.data))
  const made = await api('POST', '/api/app/salesorder', { orderTypeId: types.data.items[0].id, customerName: `E2E design ${stamp}` })
  assert.equal(made.status, 200, JSON.stringify(made.data))
  order = made.data
  // The demo plan with the most solutions (one review sheet each).
  const plans = await api('GET', '/api/app/home-design/plans?num=999&start=0')
  assert.equal(plans.status, 200, JSON.stringify(plans.data))
  let best = null
  for (const p of plans.data.items) {
    const d = await api('GET', `/api/app/home-design/plans/${encodeURIComponent(p.planId)}`)
    const n = d.data.solutions?.length ?? 0
    if (!best || n > best.solutions) best = { ...p, solutions: n }
  }
  plan = best
  assert.ok(plan.solutions >= 2, `a demo plan with two solutions or more: ${JSON.stringify(plan)}`)
  // Another order with a scheme through the API, for the review queue.
  const second = await api('POST', '/api/app/salesorder', { orderTypeId: types.data.items[0].id, customerName: `E2E queue ${stamp}` })
  other = second.data
  const chosen = await api('PUT', `/api/app/salesorder/design-id/${other.id}`, { designId: plan.designId })
  assert.equal(chosen.status, 200, JSON.stringify(chosen.data))
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
const notice = (text) => page.locator('.ant-notification-notice').filter({ hasText: text }).first()
const rows = () => page.getByTestId('audit-design').getByTestId('sheet-row')
const row = (i) => rows().nth(i)
const stateOf = (r) => r.getAttribute('data-state')
const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal').last()

async function waitState(r, state) {
  await page.waitForFunction(([el, s]) => el.getAttribute('data-state') === s, [await r.elementHandle(), String(state)])
}

/** Ticks exactly the rows given (by index) in the order's sheet table. */
async function select(...indexes) {
  const n = await rows().count()
  for (let i = 0; i < n; i++) {
    const box = row(i).locator('.ant-table-selection-column input')
    if ((await box.isChecked()) !== indexes.includes(i)) await box.click()
  }
}

async function act(action, doneText) {
  await page.getByTestId('audit-design').getByTestId(`sheet-action-${action}`).click()
  await toast(doneText).waitFor()
  await toast(doneText).waitFor({ state: 'hidden' })
}

async function comment(action, text, doneText) {
  await page.getByTestId('audit-design').getByTestId(`sheet-action-${action}`).click()
  if (text) await modal().getByTestId('comment-input').fill(text)
  await page.getByTestId('comment-confirm').click()
  await toast(doneText).waitFor()
  await toast(doneText).waitFor({ state: 'hidden' })
}

async function openTab() {
  await page.goto(`/sales/orders/${order.id}`)
  await page.getByTestId('order-number').filter({ hasText: order.salesOrderId }).waitFor()
  await page.getByTestId('tab-audit-design').click()
}

test('a scheme chosen in the plan picker makes one waiting sheet per solution', async () => {
  await openTab()
  await page.getByTestId('no-scheme').filter({ hasText: '尚未选择设计方案，请先选择方案' }).waitFor()
  assert.equal(await page.getByTestId('cancel-scheme').isDisabled(), true)
  await page.getByTestId('choose-scheme').click()
  const picker = modal()
  await picker.getByTestId('plan-card').first().waitFor()
  // Confirm with nothing picked: the picker says so.
  await picker.locator('.ant-modal-footer .ant-btn-primary').click()
  await toast('请选择方案号').waitFor()
  await picker.getByPlaceholder('搜索方案名称').fill(plan.name)
  await picker.getByPlaceholder('搜索方案名称').press('Enter')
  await picker.getByTestId('plan-card').filter({ hasText: plan.name }).first().click()
  await picker.locator('.ant-modal-footer .ant-btn-primary').click()
  await toast('保存成功').waitFor()
  await picker.waitFor({ state: 'hidden' })
  await row(plan.solutions - 1).waitFor()
  assert.equal(await rows().count(), plan.solutions)
  for (let i = 0; i < plan.solutions; i++) assert.equal(await stateOf(row(i)), '0')
  assert.equal(await page.getByTestId('choose-scheme').isDisabled(), true)
  assert.equal((await api('GET', `/api/app/salesorder/${order.id}`)).data.desginId, plan.designId)
  await shot(page, 'audit-design-sheets')
})

test('claim, reject with a reason (row and log), revoke, claim and pass; cancelling the scheme is refused once a sheet moved', async () => {
  await openTab()
  await row(0).waitFor()
  // Without a selection every action says so.
  await select()
  await page.getByTestId('audit-design').getByTestId('sheet-action-claim').click()
  await toast('请选择审核单').waitFor()

  await select(0)
  await act('claim', '领取成功')
  await waitState(row(0), 1)
  // The reviewer column shows the claimer's name as the server keeps it.
  const sheets = await api('GET', `/api/sales-order/audit-designss?salesOrderId=${order.id}&maxResultCount=99`)
  const claimed = sheets.data.items.find((s) => s.state === 1)
  assert.ok(claimed?.claimedByName)
  assert.equal(await row(0).getByTestId('sheet-reviewer').textContent(), claimed.claimedByName)

  await page.getByTestId('cancel-scheme').click()
  await page.getByTestId('cancel-scheme-confirm').click()
  await notice('不能取消设计方案').waitFor()
  assert.equal(await rows().count(), plan.solutions)

  // Reject: the reason is required.
  await page.getByTestId('audit-design').getByTestId('sheet-action-reject').click()
  await page.getByTestId('comment-confirm').click()
  await modal().getByText('请填写驳回原因').waitFor()
  await modal().getByTestId('comment-input').fill(`门板颜色不对 ${stamp}`)
  await page.getByTestId('comment-confirm').click()
  await toast('驳回成功').waitFor()
  await waitState(row(0), 3)
  await row(0).getByTestId('sheet-reject-reason').filter({ hasText: `门板颜色不对 ${stamp}` }).waitFor()

  await row(0).getByTestId('sheet-logs').click()
  const log = modal()
  await log.getByTestId('log-row').nth(2).waitFor()
  const ops = await log.getByTestId('log-operation').allTextContents()
  assert.deepEqual(ops, ['创建', '领取', '驳回'])
  assert.equal(await log.getByTestId('log-comment').nth(2).textContent(), `门板颜色不对 ${stamp}`)
  await shot(page, 'audit-design-log')
  await log.locator('.ant-modal-close').click()
  await log.waitFor({ state: 'hidden' })

  await comment('revoke', '重新审核', '撤回成功')
  await waitState(row(0), 2)
  await act('claim', '领取成功')
  await waitState(row(0), 1)
  await act('pass', '通过成功')
  await waitState(row(0), 5)
})

test('another sheet: claim, send back, claim, pass', async () => {
  await openTab()
  await row(1).waitFor()
  await select(1)
  await act('claim', '领取成功')
  await waitState(row(1), 1)
  await comment('sendback', '尺寸再确认', '退回成功')
  await waitState(row(1), 4)
  await act('claim', '领取成功')
  await waitState(row(1), 1)
  await act('pass', '通过成功')
  await waitState(row(1), 5)
})

test('a quotation of the passed sheets lands in the order files as .xlsx', async () => {
  await openTab()
  await row(1).waitFor()
  await select(0, 1)
  await page.getByTestId('sheet-action-quotation').click()
  await page.getByTestId('quotation-confirm').click()
  await toast('生成成功').waitFor()
  await page.getByTestId('files-order').getByTestId('file-row').filter({ hasText: '.xlsx' }).first().waitFor()
  await shot(page, 'audit-design-quotation')
})

test('the design JSON of the selected sheets downloads as a zip, and the rows show them downloaded', async () => {
  await openTab()
  await row(1).waitFor()
  await select(0, 1)
  const json = page.getByTestId('sheet-action-json')
  assert.equal(await json.getAttribute('data-highlighted'), 'true')
  assert.equal(await row(0).getByTestId('sheet-downloaded').getAttribute('data-value'), 'false')
  const [download] = await Promise.all([page.waitForEvent('download'), json.click()])
  assert.equal(download.suggestedFilename(), 'designs.zip')
  await page.waitForFunction((el) => el.getAttribute('data-value') === 'true', await row(0).getByTestId('sheet-downloaded').elementHandle())
  assert.equal(await row(1).getByTestId('sheet-downloaded').getAttribute('data-value'), 'true')
  assert.equal(await json.getAttribute('data-highlighted'), 'false')
})

test('the review queue lists a waiting sheet of another order and claims it; its texts in English', async () => {
  await page.goto('/sales/audit-queue')
  await page.getByTestId('page-title').filter({ hasText: '设计审核' }).waitFor()
  await page.getByTestId('queue-search-salesOrderNo').fill(other.salesOrderId)
  await page.getByTestId('queue-search-submit').click()
  const queueRow = page.getByTestId('sheet-row').filter({ has: page.getByTestId('sheet-order').filter({ hasText: other.salesOrderId }) })
  await queueRow.first().waitFor()
  assert.equal(await queueRow.count(), plan.solutions)
  await queueRow.first().locator('.ant-table-selection-column input').click()
  await page.getByTestId('sheet-action-claim').click()
  await toast('领取成功').waitFor()
  await page.waitForFunction(
    ([no, n]) => [...document.querySelectorAll('[data-testid="sheet-order"]')].filter((a) => a.textContent === no).length === n,
    [other.salesOrderId, plan.solutions - 1],
  )
  await page.getByTestId('queue-tab-mine').click()
  await page.getByTestId('queue-search-salesOrderNo').fill(other.salesOrderId)
  await page.getByTestId('queue-search-submit').click()
  await page.getByTestId('sheet-row').filter({ hasText: '审核中' }).first().waitFor()
  await shot(page, 'audit-queue-mine')

  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.getByTestId('page-title').filter({ hasText: 'Design review' }).waitFor()
  await page.getByTestId('queue-tab-waiting').filter({ hasText: 'Waiting' }).waitFor()
  await page.getByTestId('queue-tab-mine').filter({ hasText: 'My sheets' }).waitFor()
})
