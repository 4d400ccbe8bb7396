// The utilisation pages (docs/decisions/0013, "Utilisation") as the demo tenant's admin on the
// real server. With no finished run the pages say so. Then, through 文件导入, one cut list is
// run alone and two are run together; the figures each page shows are checked against the
// runs' figures on 优化方案: the file cut alone has its run's utilisation, waste and boards; the
// two files sharing a run split its boards and add up to it; the material filter keeps the
// file with that material; the list sorts and totals; the detail shows the file's figures by
// material, its boards' histogram and its runs; the pages in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { chooseOption, login, setup, shot } from './support.mjs'
import { openImportFiles, runSelected, selectFile, uploadCutList } from './optimization-support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const ALONE = `e2e-alone-${stamp}.xlsx`
const B = `e2e-b-${stamp}.xlsx`
const C = `e2e-c-${stamp}.xlsx`
const BY_FILE = '/engineOptimization/utilizationRateByFile'
const LIST = '/engineOptimization/utilizationRateByFileList'
const DETAIL = '/engineOptimization/utilizationRateByFileListDtl'
let alonePlan
let sharedPlan
/** Each run's figures as 优化方案 shows them: boards, utilisation and waste texts. */
const runs = {}

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

const title = (p, text) => p.locator('[data-testid="page-title"]:visible', { hasText: text })
const row = (o, part, material, thick, l, w, n) => [o, '柜', part, '', material, thick, l, w, n, 0, 0, 0, 0, 0, '']
const num = (s) => Number(String(s).replace(/[^\d.-]/g, ''))

/** The cells' texts of a table row that holds a link to a file. */
async function fileCells(table, name) {
  const tr = table.locator('tr', { has: page.locator(`[data-testid="file-link"][data-name="${name}"]`) })
  await tr.waitFor()
  return tr.locator('td').allInnerTexts()
}

test('no finished runs yet: the pages say so', async () => {
  await page.goto(BY_FILE)
  await title(page, '文件利用率').waitFor()
  await page.getByTestId('by-file-empty').waitFor()
  assert.match(await page.getByTestId('by-file-empty').innerText(), /没有已完成的优化方案/)
  await page.goto(LIST)
  await title(page, '文件利用率列表').waitFor()
  await page.getByTestId('utilisation-files-table').getByText('该期间没有已完成的优化方案').waitFor()
  await page.goto(DETAIL)
  await page.getByTestId('detail-pick').waitFor()
})

test('文件导入: one cut list run alone, two run together', async () => {
  await openImportFiles(page)
  await uploadCutList(page, ALONE, [row(`A${stamp}`, '侧板', 'PB18-WW', 18, 720, 560, 6), row(`A${stamp}`, '顶板', 'PB18-WW', 18, 764, 560, 3)])
  await selectFile(page, ALONE)
  alonePlan = await runSelected(page)
  await uploadCutList(page, B, [row(`B${stamp}`, '侧板', 'PB18-WW', 18, 2000, 580, 4), row(`B${stamp}`, '隔板', 'PB18-WW', 18, 500, 300, 2)])
  await uploadCutList(page, C, [row(`C${stamp}`, '门板', 'PB18-WW', 18, 700, 400, 5), row(`C${stamp}`, '背板', 'HDF5-W', 5, 1200, 800, 2)])
  await selectFile(page, B)
  await selectFile(page, C)
  sharedPlan = await runSelected(page)
  assert.notEqual(sharedPlan, alonePlan)
})

test('优化方案: the runs and their figures', async () => {
  await page.goto('/engineOptimization/solutions')
  for (const plan of [alonePlan, sharedPlan]) {
    const actions = page.locator(`[data-testid="run-actions"][data-plan="${plan}"]`)
    await actions.waitFor()
    const cells = await page.getByTestId('runs-table').locator('tr', { has: actions }).locator('td').allInnerTexts()
    // plan, status, files, pieces, boards, utilisation, waste, …
    runs[plan] = { files: num(cells[2]), boards: num(cells[4]), utilisation: cells[5].trim(), waste: cells[6].trim() }
    assert.match(runs[plan].utilisation, /^\d+\.\d\d %$/)
  }
  assert.equal(runs[sharedPlan].files, 2)
})

test('文件利用率: each file in its run, the average, the material filter', async () => {
  await page.goto(BY_FILE)
  await title(page, '文件利用率').waitFor()
  const table = page.getByTestId('by-file-table')
  const alone = await fileCells(table, ALONE)
  // file, plan, finished, parts area, boards area, utilisation, waste
  assert.equal(alone[1], alonePlan)
  assert.equal(alone[5].trim(), runs[alonePlan].utilisation, 'a file cut alone has its run’s utilisation')
  assert.equal(alone[6].trim(), runs[alonePlan].waste, 'and its waste')
  const b = await fileCells(table, B)
  const c = await fileCells(table, C)
  assert.equal(b[1], sharedPlan)
  assert.equal(c[1], sharedPlan)
  // b's parts area is its own parts': 4 × 2.0 × 0.58 + 2 × 0.5 × 0.3
  assert.equal(b[3].trim(), '4.940')
  await page.locator('[data-testid="card-files"][data-value="3"]').waitFor()
  await page.getByTestId('by-file-chart').locator('canvas').waitFor()
  await shot(page, 'optimization-utilisation-by-file')
  // only c has HDF5-W
  await chooseOption(page, page.getByTestId('by-file-search-materialCode'), 'HDF5-W')
  await page.getByTestId('by-file-search-submit').click()
  await page.locator('[data-testid="card-files"][data-value="1"]').waitFor()
  const only = await fileCells(table, C)
  assert.equal(only[3].trim(), '1.920', 'two 1200 × 800 backs')
  assert.equal(await table.locator(`[data-testid="file-link"][data-name="${ALONE}"]`).count(), 0)
})

test('文件利用率列表: the totals add up the files, sorting, the detail link', async () => {
  await page.goto(LIST)
  await title(page, '文件利用率列表').waitFor()
  const table = page.getByTestId('utilisation-files-table')
  const cells = {}
  for (const f of [ALONE, B, C]) cells[f] = await fileCells(table, f)
  // file, orders, plan, cut with, finished, boards, pieces, parts area, boards area, offcuts area, utilisation, waste
  assert.equal(num(cells[ALONE][5]), runs[alonePlan].boards, 'a file cut alone owns its run’s boards')
  assert.equal(cells[ALONE][10].trim(), runs[alonePlan].utilisation)
  assert.match(cells[B][3], /与 1 个文件同批/)
  assert.ok(Math.abs(num(cells[B][5]) + num(cells[C][5]) - runs[sharedPlan].boards) <= 0.011, 'two files sharing a run split its boards')
  const totals = page.getByTestId('files-totals')
  const sum = (i) => [ALONE, B, C].reduce((s, f) => s + num(cells[f][i]), 0)
  assert.ok(Math.abs(num(await totals.getByTestId('total-parts-area').innerText()) - sum(7)) <= 0.002)
  assert.ok(Math.abs(num(await totals.getByTestId('total-boards-area').innerText()) - sum(8)) <= 0.002)
  assert.equal(num(await totals.getByTestId('total-pieces').innerText()), 9 + 6 + 7)
  // sorted by utilisation, lowest first
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/utilization/files') && r.url().includes('sorting=utilisation')),
    table.locator('th', { hasText: '利用率' }).first().click(),
  ])
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid="utilisation-files-table"] tbody tr.ant-table-row')]
    const v = rows.map((r) => Number(r.querySelectorAll('td')[10]?.textContent?.replace(/[^\d.]/g, '')))
    return v.length === 3 && v.every((x, i) => i === 0 || v[i - 1] <= x)
  })
  await shot(page, 'optimization-utilisation-list')
  await table.locator('tr', { has: page.locator(`[data-testid="file-link"][data-name="${ALONE}"]`) }).getByTestId('file-detail').click()
  await page.waitForURL(/utilizationRateByFileListDtl\?id=/)
  await page.getByTestId('detail-file').filter({ hasText: ALONE }).waitFor()
})

test('文件利用率明细: the file alone, then a file sharing its run', async () => {
  assert.equal(await page.getByTestId('detail-plan').innerText(), alonePlan)
  await page.locator('[data-testid="card-utilisation"]').waitFor()
  assert.equal(`${await page.getByTestId('card-utilisation').getAttribute('data-value')} %`, runs[alonePlan].utilisation)
  assert.equal(`${await page.getByTestId('card-waste').getAttribute('data-value')} %`, runs[alonePlan].waste)
  assert.equal(num(await page.getByTestId('detail-boards').innerText()), runs[alonePlan].boards)
  const mats = page.getByTestId('detail-materials')
  assert.equal(await mats.locator('tbody tr.ant-table-row').count(), 1)
  assert.match(await mats.innerText(), /PB18-WW/)
  await page.getByTestId('detail-histogram').locator('canvas').waitFor()
  const runsTable = page.getByTestId('detail-runs')
  assert.equal(await runsTable.getByTestId('run-plan').innerText(), alonePlan)
  assert.match(await runsTable.innerText(), new RegExp(runs[alonePlan].utilisation.replace('.', '\\.')))
  await shot(page, 'optimization-utilisation-detail')

  await page.goto(LIST)
  await page
    .getByTestId('utilisation-files-table')
    .locator('tr', { has: page.locator(`[data-testid="file-link"][data-name="${C}"]`) })
    .getByTestId('file-detail')
    .click()
  await page.getByTestId('detail-file').filter({ hasText: C }).waitFor()
  assert.equal(await page.getByTestId('detail-plan').innerText(), sharedPlan)
  assert.match(await page.getByTestId('detail-head').innerText(), /与 1 个文件同批/)
  assert.equal(await page.getByTestId('detail-materials').locator('tbody tr.ant-table-row').count(), 2)
  const run = await page.getByTestId('detail-runs').innerText()
  assert.match(run, new RegExp(runs[sharedPlan].utilisation.replace('.', '\\.')), 'the run’s own utilisation is listed with it')
})

test('the pages in English', async () => {
  const en = await env.page()
  await en.addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  await login(en, { tenant: 'demo' })
  await en.goto(BY_FILE)
  await title(en, 'Utilisation by file').waitFor()
  await en.getByTestId('by-file-table').getByRole('columnheader', { name: 'Utilisation', exact: true }).waitFor()
  await en.goto(LIST)
  await title(en, 'Utilisation file list').waitFor()
  await en.getByTestId('files-totals').getByText('Total').waitFor()
  assert.match(await en.getByTestId('utilisation-files-table').innerText(), /With 1 files|Cut alone/)
})
