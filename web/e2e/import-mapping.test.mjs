// Import mapping screens (docs/decisions/0010, spec 001 §3 and §7) as the host admin, in English,
// on the real server: a data dictionary made through the API is offered to an enumeration rule and
// its items are shown; the mapping is saved, reopened and tried with a real .xlsx (typed rows and a
// row error); a split mapping is created; both are deleted after a confirmation.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { login, setup, shot, chooseOption, exactly } from './support.mjs'
import { xlsx } from './xlsx.mjs'

let env
let page
let dir
const stamp = Date.now().toString(36).slice(-5)
const DICT_CODE = `E2EFinish${stamp}`
const DICT_NAME = `E2E finishes ${stamp}`
const MAPPING = `E2E cabinets ${stamp}`
const SPLIT = `E2E split ${stamp}`

before(async () => {
  env = await setup()
  dir = await mkdtemp(join(tmpdir(), 'kerf-e2e-import-mapping-'))
  page = await env.page()
  await login(page)
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.waitForFunction(() => document.documentElement.lang === 'en')
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

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
/** The row of the list showing a mapping. */
const listRow = (name) => page.locator('tr').filter({ has: page.getByTestId('mapping-name').filter({ hasText: exactly(name) }) })
const ruleRow = (i) => page.getByTestId('rule-row').nth(i)
const splitRow = (i) => page.getByTestId('split-row').nth(i)

/**
 * Opens a select and picks the option whose text is exactly `text`; in a select with a search
 * box the text is typed first (long option lists render only the options in view).
 */
const choose = (select, text, opts) => chooseOption(page, select, text, opts)

// ---------------------------------------------------------------- tests

test('an import rule mapping takes a new data dictionary for an enumeration, is saved and reopened', async () => {
  const made = await api('POST', '/api/dataDictionary', {
    code: DICT_CODE,
    displayName: DICT_NAME,
    details: [
      { code: 'M', label: 'Matt', value: 'matt', order: 1 },
      { code: 'G', label: 'Gloss', value: 'gloss', order: 2 },
    ],
  })
  assert.equal(made.status, 200, JSON.stringify(made.data))

  await page.goto('/basic-setup/import-rule-mappings')
  await page.locator('[data-testid="page-title"]:visible', { hasText: 'Import rule mappings' }).waitFor()
  await page.getByTestId('ruleMapping-add').click()
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('rule-mapping-form') })
  await dialog.getByText('New import rule mapping').waitFor()
  await page.getByTestId('rule-mapping-name').fill(MAPPING)
  await choose(page.getByTestId('rule-mapping-moduleType'), 'Catalogue products')
  // the encoding is a .csv's only
  assert.equal(await page.getByTestId('rule-mapping-encoding').count(), 0)

  // three rules, in columns A, B and C
  for (let i = 0; i < 3; i++) await page.getByTestId('rule-add').click()
  assert.deepEqual(await page.getByTestId('rule-column').evaluateAll((els) => els.map((e) => e.value)), ['A', 'B', 'C'])
  await choose(ruleRow(0).getByTestId('rule-field'), 'Product name *', { search: true })
  await choose(ruleRow(1).getByTestId('rule-field'), 'Width', { search: true })
  await choose(ruleRow(2).getByTestId('rule-field'), 'Colour', { search: true })
  // a field is used by one rule only: Width is taken
  await ruleRow(2).getByTestId('rule-field').click()
  await page.keyboard.type('Wid')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled').filter({ hasText: exactly('Width') }).waitFor()
  await page.keyboard.press('Escape')
  await choose(ruleRow(2).getByTestId('rule-type'), 'Enumeration')

  // the new dictionary is offered, and its items shown
  await ruleRow(2).getByTestId('rule-mapping').click()
  await page.getByTestId('mapping-dialog').waitFor()
  await page.getByTestId('mapping-kind-dictionary').click()
  await choose(page.getByTestId('mapping-dictionary'), `${DICT_NAME} (${DICT_CODE})`, { search: true })
  const items = page.getByTestId('mapping-items')
  await items.getByText('Matt', { exact: true }).waitFor()
  await items.getByText('gloss', { exact: true }).waitFor()
  await shot(page, 'import-mapping-dictionary')
  await page.getByTestId('mapping-apply').click()
  await page.getByTestId('mapping-dialog').waitFor({ state: 'hidden' })
  assert.equal(await ruleRow(2).getByTestId('rule-mapping').innerText(), `Dictionary: ${DICT_NAME}`)

  await page.getByTestId('rule-mapping-save').click()
  await toast('Created successfully').waitFor()
  await listRow(MAPPING).waitFor()
  assert.match(await listRow(MAPPING).innerText(), /Catalogue products/)
  assert.match(await listRow(MAPPING).innerText(), /\.xlsx/)

  // reopened: the rules as saved
  await listRow(MAPPING).getByTestId('ruleMapping-edit').click()
  await page.getByText(`Edit import rule mapping - ${MAPPING}`).waitFor()
  await page.waitForFunction((name) => document.querySelector('[data-testid="rule-mapping-name"]')?.value === name, MAPPING)
  await page.getByTestId('rule-row').nth(2).waitFor()
  assert.deepEqual(await page.getByTestId('rule-column').evaluateAll((els) => els.map((e) => e.value)), ['A', 'B', 'C'])
  assert.deepEqual(await page.getByTestId('rule-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))), ['name', 'width', 'color'])
  assert.equal(await ruleRow(2).getByTestId('rule-mapping').innerText(), `Dictionary: ${DICT_NAME}`)
})

test('the saved mapping is tried with an .xlsx: typed rows and a row error', async () => {
  const file = join(dir, 'cabinets.xlsx')
  await writeFile(
    file,
    xlsx([
      ['Name', 'Width', 'Finish'],
      ['Base 600', 600, 'Matt'],
      ['Wall 900', 'wide', 'Gloss'],
      ['Tall 2000', 450.5, 'g'],
    ]),
  )
  await page.getByTestId('preview-panel').locator('input[type=file]').setInputFiles(file)
  await page.getByTestId('preview-result').waitFor()
  assert.equal(await page.getByTestId('preview-summary').innerText(), '3 data rows, 2 read without error, 1 error')
  const rows = await page
    .getByTestId('preview-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())))
  assert.deepEqual(rows, [
    ['2', 'Base 600', '600', 'matt'],
    ['4', 'Tall 2000', '450.5', 'gloss'],
  ])
  const error = page.getByTestId('preview-error')
  assert.equal(await error.count(), 1)
  assert.equal(await error.getAttribute('data-row'), '3')
  assert.equal(await error.getAttribute('data-column'), 'B')
  assert.match(await error.innerText(), /Row 3, column B: Width must be a number, not "wide"/)
  await shot(page, 'import-mapping-preview')
  await page.locator('.ant-modal').filter({ has: page.getByTestId('rule-mapping-form') }).getByRole('button', { name: 'Cancel' }).click()
  await page.getByTestId('rule-mapping-form').waitFor({ state: 'hidden' })
})

test('an import split mapping is created with its rules in order', async () => {
  await page.goto('/basic-setup/import-split-mappings')
  await page.locator('[data-testid="page-title"]:visible', { hasText: 'Import split mappings' }).waitFor()
  await page.getByTestId('splitMapping-add').click()
  await page.getByTestId('split-mapping-name').fill(SPLIT)
  await page.getByTestId('split-add').click()
  await choose(splitRow(0).getByTestId('split-field'), 'Colour', { search: true })
  await splitRow(0).getByTestId('split-value').fill('white')
  await choose(splitRow(0).getByTestId('split-lineType'), 'Part')
  await page.getByTestId('split-add').click()
  await choose(splitRow(1).getByTestId('split-field'), 'Remark', { search: true })
  await choose(splitRow(1).getByTestId('split-operator'), 'is empty')
  assert.equal(await splitRow(1).getByTestId('split-value').count(), 0)
  await choose(splitRow(1).getByTestId('split-lineType'), 'Standard product')
  await splitRow(1).getByTestId('split-up').click()
  assert.deepEqual(await page.getByTestId('split-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))), ['remark', 'color'])
  await page.getByTestId('split-mapping-save').click()
  await toast('Created successfully').waitFor()
  await listRow(SPLIT).waitFor()
  const saved = await api('GET', '/api/split-order/import-split-mappings?Filter=' + encodeURIComponent(SPLIT))
  assert.deepEqual(
    saved.data.items[0].rules.map((r) => [r.order, r.fieldName, r.operator, r.value, r.lineType]),
    [
      [1, 'remark', 'isEmpty', '', 'standardProduct'],
      [2, 'color', 'equals', 'white', 'part'],
    ],
  )
  await shot(page, 'import-split-mappings')
})

test('mappings are deleted after a confirmation naming them', async () => {
  await listRow(SPLIT).getByTestId('splitMapping-delete').click()
  const confirm = page.locator('.ant-modal-confirm')
  await confirm.locator('.ant-modal-confirm-title', { hasText: 'Tips' }).waitFor()
  assert.equal(await confirm.locator('.ant-modal-confirm-content').innerText(), `Delete the import split mapping ${SPLIT}?`)
  await page.getByTestId('confirm-delete').click()
  await toast('Deleted successfully').waitFor()
  await listRow(SPLIT).waitFor({ state: 'detached' })

  await page.goto('/basic-setup/import-rule-mappings')
  await listRow(MAPPING).getByTestId('ruleMapping-delete').click()
  await page.locator('.ant-modal-confirm-content').filter({ hasText: `Delete the import rule mapping ${MAPPING}?` }).waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('Deleted successfully').waitFor()
  await listRow(MAPPING).waitFor({ state: 'detached' })
  const gone = await api('GET', '/api/basic-setup/import-rule-mappings?Filter=' + encodeURIComponent(MAPPING))
  assert.equal(gone.data.totalCount, 0)
})
