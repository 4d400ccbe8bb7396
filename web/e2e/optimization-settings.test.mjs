// Optimisation settings (docs/decisions/0013) as the demo tenant's admin on the real server:
// the demo cut-list setting is the default; a new setting with its columns, refused as default
// while required fields are missing (the page lists them, the server says so), then saved; its
// template downloads with the titles as the header row; the settings workbook exports and
// imports back; optimise parameters and saws refuse values out of range, save, and one of each
// becomes the default; the pages in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const SETTING = `E2E 清单 ${stamp}`
const PARAMS = `E2E 参数 ${stamp}`
const SAW = `E2E 锯 ${stamp}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const settingActions = (name) => page.locator(`[data-testid="import-setting-actions"][data-name="${name}"]`)
const settingRow = (name) => page.getByTestId('import-settings-table').locator('tr', { has: settingActions(name) })
const modal = () => page.locator('.ant-modal:visible')
/** The input of an InputNumber by its test id (antd puts the id on the input or its wrapper). */
const numberInput = (id) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`)

/** The shared strings of an .xlsx (its header titles), read with unzip. */
function sharedStrings(path) {
  const xml = execFileSync('unzip', ['-p', path, 'xl/sharedStrings.xml']).toString('utf8')
  return [...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1])
}

test('导入文件设置: the demo cut list is the default', async () => {
  await page.goto('/engineOptimization/import-file-settings')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '导入文件设置' }).waitFor()
  await settingActions('标准板件清单').waitFor()
  assert.match(await settingRow('标准板件清单').innerText(), /默认/)
  assert.match(await settingRow('设计方案 JSON').innerText(), /设计 JSON/)
  await shot(page, 'optimization-settings-import-list')
})

test('a new setting with columns: not the default while required fields are missing, then saved', async () => {
  await page.getByTestId('import-setting-add').click()
  await page.getByTestId('import-setting-form').waitFor()
  await page.getByTestId('import-setting-name').fill(SETTING)
  // Each added column takes the next column and the next required field.
  await page.getByTestId('detail-add').click()
  await page.getByTestId('detail-add').click()
  const missing = page.getByTestId('import-setting-missing')
  assert.match(await missing.innerText(), /还没有映射必填字段：长度、宽度、数量/)
  await page.getByTestId('detail-title').nth(0).fill('材料')
  await page.getByTestId('import-setting-default').click()
  await page.getByTestId('import-setting-save').click()
  // The server refuses the default and names the missing fields on the switch.
  await modal().locator('.ant-form-item-explain-error').filter({ hasText: '还没有映射必填字段：长度、宽度、数量' }).waitFor()
  await shot(page, 'optimization-settings-missing-fields')
  for (let i = 0; i < 3; i++) await page.getByTestId('detail-add').click()
  await missing.waitFor({ state: 'detached' })
  // A column used twice is caught before the save.
  await page.getByTestId('detail-add').click()
  await numberInput('detail-column').nth(5).fill('0')
  await page.getByTestId('import-setting-save').click()
  await modal().locator('.ant-form-item-explain-error').filter({ hasText: '该列已经映射过了' }).waitFor()
  await page.getByTestId('detail-remove').nth(5).click()
  await page.getByTestId('import-setting-save').click()
  await toast('已保存').waitFor()
  await settingActions(SETTING).waitFor()
  const text = await settingRow(SETTING).innerText()
  assert.match(text, /默认/)
  assert.match(text, /A 材料编码/)
  assert.match(text, /E 数量/)
  assert.doesNotMatch(await settingRow('标准板件清单').innerText(), /默认/, 'the old default is cleared')
})

test('its template downloads with the titles as the header row', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), settingActions(SETTING).getByTestId('import-setting-template').click()])
  assert.equal(download.suggestedFilename(), `${SETTING}.xlsx`)
  const path = await download.path()
  assert.equal((await readFile(path)).subarray(0, 2).toString('latin1'), 'PK')
  assert.deepEqual(sharedStrings(path).sort(), ['材料', '厚度', '长度', '宽度', '数量'].sort())
})

test('the selected setting exports and imports back', async () => {
  await settingRow(SETTING).locator('.ant-checkbox-input').check()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-setting-export').click()])
  assert.match(download.suggestedFilename(), /\.xlsx$/)
  const buffer = await readFile(await download.path())
  await page.getByTestId('import-setting-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/octet-stream', buffer })
  await toast('已导入：新建 0 个，覆盖 1 个，共 5 列').waitFor()
})

test('优化参数: out of range refused, a new setting saved and made the default', async () => {
  await page.goto('/engineOptimization/optimize-parameters')
  await page.locator('[data-testid="parameters-actions"][data-name="标准参数"]').waitFor()
  assert.equal(await page.getByTestId('parameters-default').count(), 1)
  await page.getByTestId('parameters-add').click()
  await page.getByTestId('parameters-form').waitFor()
  await page.getByTestId('parameters-field-name').fill(PARAMS)
  await numberInput('parameters-field-kerf').fill('25')
  await numberInput('parameters-field-timeLimitSeconds').fill('90')
  await page.getByTestId('parameters-save').click()
  await modal().locator('.ant-form-item-explain-error').filter({ hasText: '锯缝必须在 0 到 20 之间' }).waitFor()
  await modal().locator('.ant-form-item-explain-error').filter({ hasText: '优化时限必须在 1 到 60 之间' }).waitFor()
  await numberInput('parameters-field-kerf').fill('3.2')
  await numberInput('parameters-field-timeLimitSeconds').fill('8')
  await page.getByTestId('parameters-save').click()
  await toast('已保存').waitFor()
  const actions = page.locator(`[data-testid="parameters-actions"][data-name="${PARAMS}"]`)
  await actions.waitFor()
  await actions.getByTestId('parameters-make-default').click()
  await toast('已设为默认').waitFor()
  const row = page.getByTestId('parameters-table').locator('tr', { has: actions })
  await row.getByTestId('parameters-default').waitFor()
  assert.equal(await page.getByTestId('parameters-default').count(), 1, 'exactly one default')
  await shot(page, 'optimization-settings-parameters')
})

test('锯参数: channels out of range refused, a saw saved and made the default', async () => {
  await page.goto('/engineOptimization/machine-parameters')
  await page.locator('[data-testid="machines-actions"][data-name="HOLZMA HPP 380"]').waitFor()
  await page.getByTestId('machines-add').click()
  await page.getByTestId('machines-form').waitFor()
  await page.getByTestId('machines-field-name').fill(SAW)
  await numberInput('machines-field-channels').fill('0')
  await page.getByTestId('machines-save').click()
  await modal().locator('.ant-form-item-explain-error').filter({ hasText: '通道数必须在 1 到 20 之间' }).waitFor()
  await numberInput('machines-field-channels').fill('6')
  await page.getByTestId('machines-save').click()
  await toast('已保存').waitFor()
  const actions = page.locator(`[data-testid="machines-actions"][data-name="${SAW}"]`)
  await actions.waitFor()
  const row = page.getByTestId('machines-table').locator('tr', { has: actions })
  assert.equal(await row.getByTestId('machines-default').count(), 0)
  await actions.getByTestId('machines-make-default').click()
  await row.getByTestId('machines-default').waitFor()
  assert.equal(await page.getByTestId('machines-default').count(), 1, 'exactly one default')
  await shot(page, 'optimization-settings-machines')
})

test('the pages in English', async () => {
  const en = await env.page({ locale: 'en-US' })
  await en.addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  await login(en, { tenant: 'demo' })
  await en.goto('/engineOptimization/machine-parameters')
  await en.getByTestId('machines-add').waitFor()
  assert.match(await en.getByTestId('machines-table').innerText(), /Largest board/)
  await en.goto('/engineOptimization/import-file-settings')
  await en.getByRole('button', { name: /Import settings/ }).waitFor()
})
