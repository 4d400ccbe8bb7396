// Helpers of the optimisation browser tests that make real data through the real pages: upload
// a cut list on 文件导入 (/engineOptimization/import-files) with the demo's default setting
// 标准板件清单, select files, start a run of them and wait on its progress card until it ends.
import assert from 'node:assert/strict'
import { xlsx } from './xlsx.mjs'

/** The header row of the demo's default cut-list setting (columns A–O). */
export const CUT_LIST_HEAD = ['订单号', '柜体', '板件名称', '板件编码', '材料编码', '厚度', '长度', '宽度', '数量', '纹理', '上封边', '下封边', '左封边', '右封边', '备注']

export const IMPORT_FILES_PATH = '/engineOptimization/import-files'

/** The import-files page's parts, by file name. */
export function importFilesPage(page) {
  const fileActions = (name) => page.locator(`[data-testid="file-actions"][data-name="${name}"]`)
  return {
    fileActions,
    fileRow: (name) => page.getByTestId('import-files-table').locator('tr', { has: fileActions(name) }),
    modal: () => page.locator('.ant-modal:visible'),
    toast: (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first(),
  }
}

/** Opens the import-files page (when not on it) and waits for its title. */
export async function openImportFiles(page) {
  if (!new URL(page.url()).pathname.endsWith(IMPORT_FILES_PATH)) await page.goto(IMPORT_FILES_PATH)
  await page.locator('[data-testid="page-title"]:visible', { hasText: /文件导入|Import files/ }).waitFor()
}

/** Uploads rows (under CUT_LIST_HEAD) as an .xlsx named name with the default setting; resolves once it is listed. */
export async function uploadCutList(page, name, rows) {
  const p = importFilesPage(page)
  await page.getByTestId('files-upload').click()
  await page.getByTestId('upload-form').waitFor()
  // The default setting is chosen first.
  await p.modal().locator('.ant-select', { hasText: '标准板件清单' }).waitFor()
  await page.getByTestId('upload-file').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx([CUT_LIST_HEAD, ...rows]),
  })
  await page.getByTestId('upload-file-name').filter({ hasText: name }).waitFor()
  await page.getByTestId('upload-save').click()
  await p.fileActions(name).waitFor()
}

/** Ticks a file's row. */
export async function selectFile(page, name) {
  await importFilesPage(page).fileRow(name).locator('.ant-checkbox-input').check()
}

/**
 * Starts a run of the ticked files and waits on its progress card until it has ended;
 * resolves to its plan number once it finished (fails on any other end).
 */
export async function runSelected(page, { timeout = 90_000 } = {}) {
  const card = page.getByTestId('run-progress')
  const before = (await card.count()) > 0 ? await card.locator('.ant-card-head-title').innerText() : ''
  const previous = before.match(/OP\d{11}/)?.[0]
  await page.getByTestId('files-start').click()
  const fresh = previous ? card.filter({ hasNotText: previous }) : card
  await fresh.waitFor()
  const planNo = (await fresh.locator('.ant-card-head-title').innerText()).match(/OP\d{11}/)?.[0]
  assert.ok(planNo, 'the run shows its plan number')
  const ended = page.locator('[data-testid="run-progress"]:is([data-status="2"],[data-status="3"],[data-status="4"])').filter({ hasText: planNo })
  await ended.waitFor({ timeout })
  assert.equal(await ended.getAttribute('data-status'), '2', `run ${planNo} finished: ${await ended.innerText()}`)
  return planNo
}
