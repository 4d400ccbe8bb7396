// Optimisation materials and boards (spec 002 §7.11; docs/decisions/0013) as the demo tenant's
// admin on the real server with its demo materials: create a material with two boards, edit one
// board, export the material, import a workbook with a bad row (the message names the sheet, row
// and column; nothing is imported), import the exported workbook, query the boards, and delete
// the material after confirming; the page in English.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5).toUpperCase()
const CODE = `E2E-${stamp}`
const NAME = `E2E颗粒板${stamp}`

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
const table = () => page.locator('[data-testid="materials-table"]:visible')
const actions = (code) => page.locator(`[data-testid="material-actions"][data-code="${code}"]:visible`)
const row = (code) => table().locator('tr.ant-table-row', { has: actions(code) })
const dialog = () => page.getByTestId('material-dialog')
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

/** The input of a number field, whether its test id is on the input or around it. */
const num = (id) => page.locator(`input[data-testid="${id}"]:visible, [data-testid="${id}"]:visible input`).first()

async function search(text) {
  const box = page.locator('[data-testid="materials-search-filterText"]:visible')
  await box.fill(text)
  await box.press('Enter')
}

/** A material's stored boards by code. */
async function boardsOf(code) {
  const list = await api(`/api/optimization/materials?filterText=${encodeURIComponent(code)}`)
  const m = list.body.items.find((x) => x.code === code)
  if (!m) return null
  const one = await api(`/api/optimization/materials/${m.id}`)
  return one.body.boards
}

/** A minimal .xlsx with named sheets (stored zip entries, inline strings). */
function workbook(sheets) {
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const col = (i) => String.fromCharCode(65 + i)
  const sheetXML = (rows) =>
    rows
      .map((cells, r) => {
        const cs = cells
          .map((v, i) => {
            const ref = `${col(i)}${r + 1}`
            if (v === null || v === undefined || v === '') return ''
            return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`
          })
          .join('')
        return `<row r="${r + 1}">${cs}</row>`
      })
      .join('')
  const ns = 'http://schemas.openxmlformats.org'
  const names = Object.keys(sheets)
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${names
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join('')}</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>${names
      .map((n, i) => `<sheet name="${esc(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">${names
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}</Relationships>`,
  }
  names.forEach((n, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetXML(sheets[n])}</sheetData></worksheet>`
  })
  const locals = []
  const centrals = []
  let offset = 0
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8')
    const nameBuf = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(0x21, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBuf.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(0x21, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBuf.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBuf, data)
    centrals.push(central, nameBuf)
    offset += local.length + nameBuf.length + data.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

let exported

// ---------------------------------------------------------------- tests

test('the page lists the demo materials under 优化排版 / 材料', async () => {
  await page.goto('/engineOptimization/materials')
  await row('PB18-WW').waitFor()
  assert.ok(await row('HDF5-W').isVisible(), 'the demo back panel material is listed')
  assert.match(await row('PB18-WW').innerText(), /颗粒板18 暖白/)
  await shot(page, 'optimization-materials-list')
})

test('creates a material with two boards', async () => {
  await page.getByTestId('material-add').click()
  await dialog().waitFor()
  await page.getByTestId('material-form-code').fill(CODE)
  await page.getByTestId('material-form-name').fill(NAME)
  await page.getByTestId('material-form-add-board').click()
  await page.getByTestId('material-form-add-board').click()
  await page.getByTestId('board-1-code').fill('BIG')
  await num('board-1-length').fill('2800')
  await num('board-1-width').fill('2070')
  await num('board-1-cost').fill('198')
  await num('board-1-quantity').fill('40')
  // a board too long is named on its cell, and nothing is sent
  await num('board-0-length').fill('7000')
  await page.getByTestId('material-dialog-save').click()
  await dialog().getByText('长度不能大于 6000').waitFor()
  await num('board-0-length').fill('2440')
  await num('board-0-cost').fill('138')
  await shot(page, 'optimization-materials-dialog')
  await page.getByTestId('material-dialog-save').click()
  await toast('已新增').waitFor()
  await search(CODE)
  await row(CODE).waitFor()
  const boards = await boardsOf(CODE)
  assert.deepEqual(
    boards.map((b) => [b.code, b.length, b.width, b.cost, b.quantity]),
    [
      ['2440x1220', 2440, 1220, 138, null],
      ['BIG', 2800, 2070, 198, 40],
    ],
  )
})

test('edits one board', async () => {
  await actions(CODE).getByTestId('material-edit').click()
  await dialog().waitFor()
  const cost = num('board-1-cost')
  await page.waitForFunction(() => document.querySelector('[data-testid="board-1-code"]')?.value === 'BIG')
  await cost.fill('205.5')
  await page.getByTestId('material-dialog-save').click()
  await toast('已保存').waitFor()
  const boards = await boardsOf(CODE)
  assert.deepEqual(
    boards.map((b) => [b.code, b.cost]),
    [
      ['2440x1220', 138],
      ['BIG', 205.5],
    ],
  )
})

test('exports the selected material as a workbook', async () => {
  await row(CODE).locator('input[type=checkbox]').check()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('materials-export').click()])
  const dir = await mkdtemp(join(tmpdir(), 'kerf-materials-'))
  exported = join(dir, 'materials.xlsx')
  await download.saveAs(exported)
  const data = await readFile(exported)
  assert.equal(data.subarray(0, 2).toString(), 'PK', 'an .xlsx (zip) file')
  assert.ok(data.includes(Buffer.from('xl/worksheets/sheet2.xml')), 'two sheets: materials and boards')
})

test('a workbook with a bad row is refused, naming the sheet, row and column, and nothing is imported', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kerf-materials-'))
  const bad = join(dir, 'bad.xlsx')
  await writeFile(
    bad,
    workbook({
      材料: [
        ['材料编码', '材料名称', '厚度'],
        [`${CODE}-N`, '新材料', 18],
      ],
      板材: [
        ['材料编码', '长度', '宽度', '单价'],
        [`${CODE}-N`, 2440, 1220, 100],
        [`${CODE}-N`, 2440, 0, 100],
      ],
    }),
  )
  await page.getByTestId('materials-import').click()
  const dialog = page.getByTestId('materials-import-dialog')
  await dialog.locator('input[type=file]').setInputFiles(bad)
  await page.getByTestId('materials-import-confirm').click()
  const errors = page.getByTestId('materials-import-errors')
  await errors.getByText('工作表“板材”第 3 行“宽度”列：宽度必须大于 0').waitFor()
  await shot(page, 'optimization-materials-import-errors')
  assert.equal(await boardsOf(`${CODE}-N`), null, 'the refused workbook imported nothing')

  // the exported workbook imports (its material is updated in place)
  await dialog.locator('input[type=file]').setInputFiles(exported)
  await page.getByTestId('materials-import-confirm').click()
  await toast('导入完成').waitFor()
  assert.equal((await boardsOf(CODE)).length, 2)
})

test('the boards tab queries the boards by material code and size', async () => {
  await page.getByRole('tab', { name: '板材' }).click()
  const box = page.locator('[data-testid="boards-search-boardsMaterialCode"]:visible')
  await box.fill(CODE)
  await num('boards-search-lengthMin').fill('2500')
  await box.press('Enter')
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="board-code"]')].map((e) => e.textContent).join(',') === 'BIG',
  )
  await shot(page, 'optimization-materials-boards')
  await page.getByRole('tab', { name: '材料' }).click()
})

test('deletes the material after 提示 and its boards go with it', async () => {
  await actions(CODE).getByTestId('material-delete').click()
  await confirm().waitFor()
  await page.getByTestId('confirm-delete').click()
  await toast('已删除').waitFor()
  await row(CODE).waitFor({ state: 'detached' })
  assert.equal(await boardsOf(CODE), null)
  const boards = await api(`/api/optimization/boards?boardsMaterialCode=${encodeURIComponent(CODE)}`)
  assert.equal(boards.body.totalCount, 0)
})

test('the page speaks English', async () => {
  const en = await env.page({ locale: 'en-US' })
  await en.context().addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  await login(en, { tenant: 'demo' })
  await en.goto('/engineOptimization/materials')
  await en.locator('[data-testid="material-actions"][data-code="PB18-WW"]').first().waitFor()
  await en.getByRole('button', { name: 'New material' }).waitFor()
  await en.getByRole('tab', { name: 'Boards' }).waitFor()
})
