// The saw kanban (spec 002 §7.11; docs/decisions/0013) as the demo tenant's admin on the real
// server: upload a small cut list, optimise it and wait for the run to finish, then open the
// kanban, pick the run, move a board to 锯切中 and on to 已完成 with its buttons (the counts
// change), move it back after confirming 提示, and read the server's refusal of a two-column
// move in English; the page in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'
import { xlsx } from './xlsx.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
let run
let board

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

// ---------------------------------------------------------------- helpers

/** Calls the API as the logged-in user of the page: JSON bodies, or a multipart upload. */
async function api(method, path, { json, upload, language } = {}) {
  return page.evaluate(
    async ({ method, path, json, upload, language }) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}` }
      const tenant = localStorage.getItem('kerf.currentTenant')
      if (tenant) headers.__tenant = tenant
      if (language) headers['Accept-Language'] = language
      let body
      if (json) {
        headers['Content-Type'] = 'application/json'
        body = JSON.stringify(json)
      } else if (upload) {
        body = new FormData()
        for (const [k, v] of Object.entries(upload.fields)) body.append(k, v)
        body.append('file', new Blob([new Uint8Array(upload.bytes)]), upload.name)
      }
      const r = await fetch(path, { method, headers, body })
      const text = await r.text()
      return { status: r.status, body: text ? JSON.parse(text) : null }
    },
    { method, path, json, upload, language },
  )
}

const column = (channel, state) => page.getByTestId(`column-${channel}-${state}`)
const count = async (channel, state) => Number(await column(channel, state).getAttribute('data-count'))
const card = () => page.getByTestId(`board-${board.sheetIndex}`)
const title = (text) => page.locator('[data-testid="page-title"]:visible', { hasText: text })
const confirm = () => page.locator('.ant-modal-confirm').filter({ hasText: '提示' })

/** Waits until a column shows a count. */
async function countIs(channel, state, n) {
  await page.waitForFunction(
    ({ id, n }) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-count') === String(n),
    { id: `column-${channel}-${state}`, n },
  )
}

// ---------------------------------------------------------------- tests

test('a small cut list is uploaded and optimised to a finished run', async () => {
  const settings = await api('GET', '/api/optimization/import-file-settings/all')
  assert.equal(settings.status, 200)
  const items = Array.isArray(settings.body) ? settings.body : settings.body.items
  const setting = items.find((s) => s.isDefault) ?? items[0]
  assert.ok(setting, 'a cut-list setting')
  const header = ['订单号', '柜体', '板件名称', '板件编码', '材料编码', '厚度', '长度', '宽度', '数量', '纹理', '上封边', '下封边', '左封边', '右封边', '备注']
  const rows = [
    [`KB${stamp}`, '地柜', '侧板', 'P1', 'PB18-WW', 18, 720, 560, 6, 0, 1, 1, 0, 0, ''],
    [`KB${stamp}`, '衣柜', '门板', 'P2', 'PB18-WW', 18, 2000, 450, 4, 1, 2, 2, 2, 2, ''],
  ]
  const up = await api('POST', '/api/optimization/import-files', {
    upload: { fields: { importFileSettingId: setting.id }, bytes: [...xlsx([header, ...rows])], name: `kanban-${stamp}.xlsx` },
  })
  assert.equal(up.status, 200, JSON.stringify(up.body))
  const started = await api('POST', '/api/optimization/import-files/optimization', { json: { importFileIds: [up.body.id] } })
  assert.equal(started.status, 200, JSON.stringify(started.body))
  run = started.body
  const until = Date.now() + 90_000
  let last
  while (Date.now() < until) {
    const p = await api('GET', `/api/optimization/import-files/progress?ids=${run.id}`)
    last = p.body?.items?.[0]
    if (last && last.status !== 0 && last.status !== 1) break
    await new Promise((r) => setTimeout(r, 500))
  }
  assert.equal(last?.status, 2, `the run finished: ${JSON.stringify(last)}`)
  const ch = await api('GET', `/api/optimization/import-files/${run.id}/channels`)
  assert.equal(ch.status, 200)
  board = ch.body.items[0].boards[0]
  assert.ok(board, 'the run has boards on the kanban')
  assert.equal(board.state, 0)
})

test('the kanban moves a board to 锯切中 and 已完成, and back after confirming', async () => {
  assert.ok(board, 'a finished run from the test before')
  await page.goto('/engineOptimization/sawKanban')
  await title('锯看板').waitFor()
  // the newest finished run is picked; pick it explicitly all the same
  await page.getByTestId('run-select').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: run.planNo }).first().click()
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' })
  await card().waitFor()
  for (const text of ['待锯', '锯切中', '已完成']) await column(board.channel, 0).page().getByText(text).first().waitFor()
  const waiting = await count(board.channel, 0)
  const cutting = await count(board.channel, 1)
  const done = await count(board.channel, 2)
  assert.ok(waiting >= 1)
  assert.equal(await column(board.channel, 0).getByTestId(`board-${board.sheetIndex}`).count(), 1)
  await shot(page, 'saw-kanban')

  await card().getByRole('button', { name: '移到锯切中' }).click()
  await page.locator('.ant-message-notice').filter({ hasText: '锯切中' }).first().waitFor()
  await countIs(board.channel, 1, cutting + 1)
  await countIs(board.channel, 0, waiting - 1)
  await column(board.channel, 1).getByTestId(`board-${board.sheetIndex}`).waitFor()
  await card().getByText('由 admin 移动').waitFor()

  await card().getByRole('button', { name: '移到已完成' }).click()
  await countIs(board.channel, 2, done + 1)
  await countIs(board.channel, 1, cutting)
  await column(board.channel, 2).getByTestId(`board-${board.sheetIndex}`).waitFor()
  let ch = await api('GET', `/api/optimization/import-files/${run.id}/channels`)
  assert.equal(ch.body.items.flatMap((c) => c.boards).find((b) => b.id === board.id).state, 2)

  // back one column asks first; cancelling changes nothing
  await card().getByRole('button', { name: '退回锯切中' }).click()
  await confirm().waitFor()
  await confirm().getByRole('button', { name: '取 消' }).or(confirm().getByRole('button', { name: '取消' })).click()
  await confirm().waitFor({ state: 'hidden' })
  assert.equal(await count(board.channel, 2), done + 1)
  await card().getByRole('button', { name: '退回锯切中' }).click()
  await confirm().getByRole('button', { name: /确\s*定/ }).click()
  await countIs(board.channel, 1, cutting + 1)
  await countIs(board.channel, 2, done)
  ch = await api('GET', `/api/optimization/import-files/${run.id}/channels`)
  assert.equal(ch.body.items.flatMap((c) => c.boards).find((b) => b.id === board.id).state, 1)
})

test('the server refuses a two-column move with its message; the page in English', async () => {
  assert.ok(board, 'a finished run from the tests before')
  // the board is cutting: back to waiting first, then waiting → done is two columns
  assert.equal((await api('PUT', `/api/optimization/import-files/${run.id}/channels/${board.id}`, { json: { state: 0 } })).status, 200)
  const bad = await api('PUT', `/api/optimization/import-files/${run.id}/channels/${board.id}`, { json: { state: 2 }, language: 'en' })
  assert.equal(bad.status, 400)
  assert.match(JSON.stringify(bad.body), /one column at a time/)

  const en = await env.page()
  await login(en, { tenant: 'demo' })
  await en.getByTestId('language-picker').click()
  await en.getByTestId('lang-en').click()
  await en.goto('/engineOptimization/sawKanban')
  assert.equal(await en.evaluate(() => document.documentElement.lang), 'en')
  await en.locator('[data-testid="page-title"]:visible', { hasText: 'Saw kanban' }).waitFor()
  for (const text of ['Waiting', 'Cutting', 'Done']) await en.getByText(text, { exact: true }).first().waitFor()
  await en.getByTestId(`board-${board.sheetIndex}`).getByRole('button', { name: 'Move to Cutting' }).waitFor()
})
