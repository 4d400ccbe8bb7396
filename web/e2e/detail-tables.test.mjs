// Detail-table configuration (docs/decisions/0011, "Detail-table configuration") as the demo
// tenant's admin, in English, on the real server: the page is opened from the menu, a computed
// column is added to the parts (matter) table and saved, and it is there after a reload; a
// formula that does not parse is shown under its input as typed; one that names no column of
// the table passes the page's check and is refused by the server, whose message names the
// table and the column, in the list and on the field.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot, chooseOption, exactly } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const GOOD = `cost_${stamp}`
const BAD = `bad_${stamp}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page, { tenant: 'demo' })
  await page.getByTestId('language-picker').click()
  await page.getByTestId('lang-en').click()
  await page.waitForFunction(() => document.documentElement.lang === 'en')
})
after(async () => {
  await env?.close()
})

// ---------------------------------------------------------------- helpers

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const tableRow = (key) => page.locator(`[data-testid="detail-table-row"][data-key="${key}"]:visible`)
const dialog = () => page.getByTestId('table-dialog')
const columnRow = (key) => dialog().locator(`[data-testid="column-row"][data-key="${key}"]`)
const lastColumn = () => dialog().getByTestId('column-row').last()

const choose = (select, text) => chooseOption(page, select, text)

/** Opens the parts table's dialog and adds a number column; the new key input has the focus. */
async function addColumn(key, compute) {
  await tableRow('matter').getByTestId('row-edit').click()
  await dialog().waitFor()
  await dialog().getByTestId('column-add').click()
  // keyboard: the new column's key input has the focus
  await page.waitForFunction(() => {
    const rows = document.querySelectorAll('[data-testid="table-dialog"] [data-testid="column-row"]')
    return document.activeElement === rows[rows.length - 1]?.querySelector('input[data-field="key"]')
  })
  await page.keyboard.type(key)
  await page.keyboard.press('Tab')
  await choose(lastColumn().getByTestId('column-widget'), 'Number')
  await lastColumn().getByTestId('column-compute').fill(compute)
}

// ---------------------------------------------------------------- tests

test('a computed column added to the parts table is saved and there after a reload', async () => {
  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByTestId('menu-sales').filter({ hasText: 'Sales' }).click()
  await sidebar.getByTestId('menu-sales.detailTables').filter({ hasText: 'Detail tables' }).click()
  await page.waitForURL(/\/sales\/detail-tables$/)
  await page.locator('[data-testid="page-title"]:visible', { hasText: 'Detail tables' }).waitFor().catch(async (e) => {
    await shot(page, 'detail-tables-failed')
    throw e
  })
  const count = tableRow('matter').getByTestId('row-columns').filter({ hasText: /^\d+$/ })
  await count.waitFor()
  const before = Number(await count.innerText())
  assert.ok(before > 0, 'the seeded parts table has columns')

  await addColumn(GOOD, 'area * 2')
  assert.equal(await lastColumn().getByTestId('column-error-compute').count(), 0)
  await page.getByTestId('table-dialog-apply').click()
  await dialog().waitFor({ state: 'detached' })
  await page.getByTestId('dirty').waitFor()
  assert.equal(await tableRow('matter').getByTestId('row-columns').innerText(), String(before + 1))
  await page.getByTestId('save').click()
  await toast('Saved successfully').waitFor()
  await page.getByTestId('dirty').waitFor({ state: 'detached' })

  await page.reload()
  await tableRow('matter').getByTestId('row-columns').filter({ hasText: exactly(String(before + 1)) }).waitFor()
  await tableRow('matter').getByTestId('row-edit').click()
  await columnRow(GOOD).waitFor()
  assert.equal(await columnRow(GOOD).getByTestId('column-compute').inputValue(), 'area * 2')
  await shot(page, 'detail-tables-column')
  await page.keyboard.press('Escape')
  await dialog().waitFor({ state: 'detached' })
})

test('a bad formula: the page shows what does not parse; the server refuses an unknown column, naming table and column', async () => {
  await addColumn(BAD, 'area * (')
  const error = lastColumn().getByTestId('column-error-compute')
  await error.filter({ hasText: 'At character 9: the expression is incomplete' }).waitFor()
  await page.getByTestId('table-dialog-apply').click()
  await toast('Correct the columns marked in red first').waitFor()

  // parses, but names no column of the table: the server's check
  await lastColumn().getByTestId('column-compute').fill('nosuch * 2')
  await error.waitFor({ state: 'detached' })
  await page.getByTestId('table-dialog-apply').click()
  await dialog().waitFor({ state: 'detached' })
  await page.getByTestId('save').click()
  await toast('The configuration was not saved').waitFor()
  const listed = page.getByTestId('save-errors').getByTestId('save-error')
  await listed.first().waitFor()
  const text = await listed.first().innerText()
  assert.match(text, /^Parts: /, text)
  assert.ok(text.includes(`"${BAD}"`) && text.includes('"nosuch"'), text)
  await tableRow('matter').getByTestId('table-has-errors').waitFor()

  // the same message on the formula's field in the dialog
  await page.getByTestId('save-error-open').first().click()
  await columnRow(BAD).getByTestId('column-error-compute').filter({ hasText: text }).waitFor()
  await page.waitForFunction(
    (bad) => document.activeElement?.getAttribute('data-testid') === 'column-compute' && document.activeElement.closest('[data-testid="column-row"]')?.getAttribute('data-key') === bad,
    BAD,
  )
  await shot(page, 'detail-tables-refused')
  // without the column the page holds what the server has: nothing to save, nothing refused
  await columnRow(BAD).getByTestId('column-remove').click()
  await page.getByTestId('table-dialog-apply').click()
  await dialog().waitFor({ state: 'detached' })
  await page.getByTestId('save-errors').waitFor({ state: 'detached' })
  await page.getByTestId('dirty').waitFor({ state: 'detached' })
  assert.equal(await page.getByTestId('save').isDisabled(), true)
})
