// Import files and runs (docs/decisions/0013) as the demo tenant's admin on the real server: a
// small cut list (.xlsx, the demo's default setting 标准板件清单) is uploaded, its rows read,
// verified OK, optimised with the default parameters and saw; the progress reaches 100 %; the run
// is listed with its figures and its boards are drawn (parts with label codes, grouped by pattern,
// zoom); its printouts download (diagrams PDF: a summary and a page per pattern; labels on A4
// sheets and on a roll) and the zip carries them with the saw file; the JSON downloads; a file
// with an unknown material shows its problem; English pages.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { login, setup, shot } from './support.mjs'
import { xlsx } from './xlsx.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const FILE = `e2e-cutlist-${stamp}.xlsx`
const BAD = `e2e-bad-${stamp}.xlsx`
const HEAD = ['订单号', '柜体', '板件名称', '板件编码', '材料编码', '厚度', '长度', '宽度', '数量', '纹理', '上封边', '下封边', '左封边', '右封边', '备注']
let planNo

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const fileActions = (name) => page.locator(`[data-testid="file-actions"][data-name="${name}"]`)
const fileRow = (name) => page.getByTestId('import-files-table').locator('tr', { has: fileActions(name) })
const modal = () => page.locator('.ant-modal:visible')

async function upload(name, rows) {
  await page.getByTestId('files-upload').click()
  await page.getByTestId('upload-form').waitFor()
  // The default setting is chosen first.
  await modal().locator('.ant-select', { hasText: '标准板件清单' }).waitFor()
  await page.getByTestId('upload-file').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx([HEAD, ...rows]) })
  await page.getByTestId('upload-file-name').filter({ hasText: name }).waitFor()
  await page.getByTestId('upload-save').click()
}

/** A PDF's pages: its /Type /Page objects (not the /Pages tree). */
const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length

/** The file names of a zip, read from its central directory. */
function zipNames(buf) {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  assert.ok(end >= 0, 'a zip ends with its directory')
  const names = []
  for (let i = 0, at = buf.readUInt32LE(end + 16); i < buf.readUInt16LE(end + 10); i++) {
    const [name, extra, comment] = [buf.readUInt16LE(at + 28), buf.readUInt16LE(at + 30), buf.readUInt16LE(at + 32)]
    names.push(buf.subarray(at + 46, at + 46 + name).toString())
    at += 46 + name + extra + comment
  }
  return names
}

async function select(name) {
  await fileRow(name).locator('.ant-checkbox-input').check()
}

test('文件导入: upload a cut list and read its rows', async () => {
  await page.goto('/engineOptimization/import-files')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '文件导入' }).waitFor()
  await upload(FILE, [
    [`E2E${stamp}`, '地柜', '侧板', 'P1', 'PB18-WW', 18, 720, 560, 4, 0, 1, 1, 0, 0, ''],
    [`E2E${stamp}`, '地柜', '顶板', 'P2', 'PB18-WW', 18, 764, 560, 2, 0, 1, 0, 0, 0, ''],
    [`E2E${stamp}`, '地柜', '门板', 'P3', 'PB18-WW', 18, 716, 396, 2, 1, 2, 2, 2, 2, '右开'],
  ])
  await toast(`已上传 ${FILE}`).waitFor()
  await fileActions(FILE).waitFor()
  const text = await fileRow(FILE).innerText()
  assert.match(text, /已导入/)
  assert.match(text, new RegExp(`E2E${stamp}`))
  assert.match(text, /\b3\b[\s\S]*\b8\b/, 'three rows, eight pieces')
  await fileActions(FILE).getByTestId('file-rows').click()
  const rows = page.getByTestId('file-rows-table')
  await rows.locator('td', { hasText: '门板' }).waitFor()
  assert.match(await rows.innerText(), /侧板[\s\S]*PB18-WW[\s\S]*720[\s\S]*560/)
  await shot(page, 'optimization-runs-rows')
  await page.locator('.ant-drawer-close:visible').click()
})

test('a file with an unknown material: the verification names the row', async () => {
  await upload(BAD, [[`E2E${stamp}`, '柜', '背板', '', 'NOPE-99', 18, 700, 500, 1, 0, 0, 0, 0, 0, '']])
  await fileActions(BAD).waitFor()
  await select(BAD)
  await page.getByTestId('files-verify').click()
  await page.getByTestId('verify-problems').waitFor()
  assert.match(await modal().innerText(), /背板[\s\S]*NOPE-99/)
  await shot(page, 'optimization-runs-verify-problems')
  await modal().locator('.ant-modal-footer button').click()
  // Starting it is refused with the server's message; then it is deleted.
  await page.getByTestId('files-start').click()
  await page.getByTestId('start-error').waitFor()
  assert.match(await page.getByTestId('start-error').innerText(), /NOPE-99|背板|材料/)
  await fileActions(BAD).getByTestId('file-delete').click()
  await modal().filter({ hasText: '提示' }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('已删除').waitFor()
  await fileActions(BAD).waitFor({ state: 'detached' })
})

test('verify OK, start the run, watch the progress reach 100 %', async () => {
  if (await page.getByTestId('start-error').isVisible()) await page.getByTestId('start-error').locator('.ant-alert-close-icon').click()
  await select(FILE)
  await page.getByTestId('files-verify').click()
  await page.getByTestId('verify-ok').waitFor()
  await modal().locator('.ant-modal-footer button').click()
  await fileRow(FILE).getByText('已校验').waitFor()
  await page.getByTestId('files-start').click()
  const progress = page.getByTestId('run-progress')
  await progress.waitFor()
  planNo = (await progress.locator('.ant-card-head-title').innerText()).match(/OP\d{11}/)?.[0]
  assert.ok(planNo, 'the plan number shows')
  await page.locator('[data-testid="run-progress"][data-status="2"]').waitFor({ timeout: 120_000 })
  assert.match(await progress.innerText(), /100%/)
  assert.match(await progress.innerText(), /已完成/)
  assert.ok(Number(await progress.getByTestId('run-boards').innerText()) >= 1)
  await shot(page, 'optimization-runs-progress')
  await fileRow(FILE).getByText('已优化').waitFor()
})

test('优化方案: the run with its figures, its boards drawn', async () => {
  await page.getByTestId('run-open').click()
  await page.waitForURL(/\/engineOptimization\/solutions\?run=/)
  const actions = page.locator(`[data-testid="run-actions"][data-plan="${planNo}"]`)
  await actions.waitFor()
  const row = page.getByTestId('runs-table').locator('tr', { has: actions })
  const text = await row.innerText()
  assert.match(text, /已完成/)
  assert.match(text, /\d+\.\d\d %/, 'utilisation')
  assert.match(text, /\d\d:\d\d/, 'saw time')
  const viewer = page.getByTestId('board-viewer')
  await viewer.getByTestId('board-svg').first().waitFor()
  assert.match(await viewer.getByTestId('viewer-summary').innerText(), /张板/)
  const parts = viewer.getByTestId('board-part')
  assert.equal(await parts.count(), 8, 'every piece is drawn')
  assert.match(await parts.first().getAttribute('data-label'), new RegExp(planNo))
  assert.match(await viewer.getByTestId('board-svg').first().innerHTML(), /\d+×\d+/)
  const counts = await viewer.getByTestId('board-pattern').evaluateAll((els) => els.map((e) => Number(e.dataset.count)))
  assert.equal(counts.reduce((a, b) => a + b, 0), Number(/(\d+) 张板/.exec(await viewer.getByTestId('viewer-summary').innerText())[1]))
  const svg = viewer.getByTestId('board-svg').first()
  const before = Number(await svg.getAttribute('width'))
  await viewer.getByTestId('zoom-in').click()
  await page.waitForFunction((w) => Number(document.querySelector('[data-testid="board-svg"]').getAttribute('width')) > w, before)
  await shot(page, 'optimization-runs-boards')

  // the printouts, each a PDF of the pages this run needs: 8 pieces are one A4 sheet, 8 roll labels
  const print = async (testId) => {
    const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByTestId(testId).click()])
    const buf = await readFile(await download.path())
    assert.equal(buf.subarray(0, 5).toString(), '%PDF-', `${testId} is a PDF`)
    return { name: download.suggestedFilename(), pages: pdfPages(buf) }
  }
  const patterns = await viewer.getByTestId('board-pattern').count()
  assert.deepEqual(await print('print-diagrams'), { name: `${planNo}-diagrams.pdf`, pages: patterns + 1 })
  assert.deepEqual(await print('print-sheet'), { name: `${planNo}-labels.pdf`, pages: 1 })
  assert.deepEqual(await print('print-roll'), { name: `${planNo}-labels.pdf`, pages: 8 })
  // the zip carries them with the saw file
  const runId = new URL(page.url()).searchParams.get('run')
  const zip = Buffer.from(
    await page.evaluate(async (id) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const r = await fetch(`/api/optimization/import-files/solutions/${id}/download`, { headers: { Authorization: `Bearer ${token.accessToken}` } })
      return Array.from(new Uint8Array(await r.arrayBuffer()))
    }, runId),
  )
  const names = zipNames(zip)
  for (const want of ['diagrams.pdf', 'labels.pdf', `${planNo}.ptx`, 'parts.csv']) assert.ok(names.includes(want), `the zip has ${want}: ${names}`)
  await page.locator('.ant-drawer-close:visible').click()
  const [download] = await Promise.all([page.waitForEvent('download'), actions.getByTestId('run-download').click()])
  assert.equal(download.suggestedFilename(), `${planNo}.json`)
})

test('the pages in English', async () => {
  const en = await env.page()
  await en.addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  await login(en, { tenant: 'demo' })
  await en.goto('/engineOptimization/solutions')
  await en.locator('[data-testid="page-title"]:visible', { hasText: 'Runs' }).waitFor()
  await en.locator(`[data-testid="run-actions"][data-plan="${planNo}"]`).waitFor()
  assert.match(await en.getByTestId('runs-table').innerText(), /Finished/)
  await en.goto('/engineOptimization/import-files')
  await en.locator('[data-testid="page-title"]:visible', { hasText: 'Import files' }).waitFor()
  await en.getByText('Optimised').first().waitFor()
})
