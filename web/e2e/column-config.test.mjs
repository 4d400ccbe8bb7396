// Column configuration of a list (spec 000 §2, §6; 001 §2, §5, §6; 002 §2.5; docs/decisions/0010)
// on the data dictionary page, in English, on the real server: the host admin hides a column and
// moves two others with the keyboard (dnd-kit's sortable keys) in the custom-column dialog, and
// after a reload the table still shows them so; a user of another role (made through the API,
// with only the data-dictionary read permission) sees the default columns; once a role
// configuration of the page names only another role, that user's table shows no rows and says
// why, while the admin's does.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, login, setup, shot } from './support.mjs'

let env
let admin
let clerk
const stamp = Date.now().toString(36).slice(-5)
const ROLE = `e2e_columns_${stamp}`
const USER = `e2e_columns_${stamp}`
const PATH = '/basic-setup/data-dictionary'
const ROUTE = 'zzzbasic-setupzzzdata-dictionary'
const DEFAULT_HEADERS = ['Code', 'Name', 'Description', 'Built-in', 'Creation time', 'Actions']

async function englishPage() {
  const p = await env.page({ locale: 'en-US' })
  await p.context().addInitScript(() => localStorage.setItem('kerf.language', 'en'))
  return p
}

before(async () => {
  env = await setup()
  admin = await englishPage()
  await login(admin)
})
after(async () => {
  await env?.close()
})

/** Calls the API as the user logged in on `p`; answers {status, data}. */
async function api(p, method, path, body) {
  return p.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Accept-Language': 'en', 'Content-Type': 'application/json' }
      const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: r.status, data: await r.json().catch(() => null) }
    },
    { method, path, body },
  )
}

const table = (p) => p.getByTestId('dictionaries-table')
const dialog = (p) => p.getByTestId('dictionaries-column-dialog')
const rows = (p) => table(p).locator('tbody tr[data-row-key]')

/** The column titles of the table, left to right. */
async function headers(p) {
  const texts = await table(p).locator('.ant-table-thead th').allInnerTexts()
  return texts.map((t) => t.trim()).filter(Boolean)
}

/** Waits until the table's column titles are `want`. */
async function headersAre(p, want) {
  await p.waitForFunction(
    (want) => {
      const ths = [...document.querySelectorAll('[data-testid="dictionaries-table"] .ant-table-thead th')]
      const got = ths.map((th) => th.innerText.trim()).filter(Boolean)
      return JSON.stringify(got) === JSON.stringify(want)
    },
    want,
    { timeout: 15_000 },
  ).catch(async () => assert.deepEqual(await headers(p), want))
}

/** The column keys of the dialog's list, top to bottom. */
function dialogOrder(p) {
  return dialog(p).locator('li[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))
}

/** Waits for dnd-kit's screen-reader announcement (each keyboard step is announced once done). */
/**
 * Keeps every text dnd-kit's live regions take from now on: one announcement can replace the
 * previous before a poll reads it (a pick-up is followed at once by where the item is over).
 */
async function recordAnnouncements(p) {
  await p.evaluate(() => {
    const heard = []
    window.__kerfAnnounced = heard
    const read = () => document.querySelectorAll('[id^="DndLiveRegion"]').forEach((el) => heard.push(el.textContent))
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

/**
 * dnd-kit's keyboard sensor starts listening for arrow keys in a zero-delay timer queued when the
 * drag starts; a timer queued after it fires after it, so an arrow pressed then is not lost.
 */
async function sensorListens(p) {
  await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** Waits until a live region has said the text (since recordAnnouncements). */
async function announced(p, text) {
  try {
    await p.waitForFunction((text) => window.__kerfAnnounced?.includes(text), text)
  } catch (e) {
    const heard = await p.evaluate(() => window.__kerfAnnounced)
    throw new Error(`${e.message}: waited for "${text}", heard ${JSON.stringify(heard)}`)
  }
}

async function openPage(p) {
  await p.goto(PATH)
  await p.locator('[data-testid="page-title"]:visible', { hasText: 'Data dictionaries' }).waitFor()
  await rows(p).first().waitFor()
}

test('the admin hides a column and moves two others by keyboard; after a reload the table keeps them', async () => {
  await openPage(admin)
  await headersAre(admin, DEFAULT_HEADERS)
  await admin.getByTestId('dictionaries-columns').click()
  await dialog(admin).waitFor()
  assert.deepEqual(await dialogOrder(admin), ['code', 'displayName', 'description', 'isStatic', 'creationTime'])
  // The code column is always kept.
  assert.equal(await dialog(admin).getByTestId('dictionaries-column-dialog-list-item-code').locator('input[type="checkbox"]').isDisabled(), true)

  await dialog(admin).getByTestId('dictionaries-column-dialog-list-check-description').click()

  // With the keyboard: Space lifts the creation time, two arrows up, Space drops it.
  await recordAnnouncements(admin)
  await dialog(admin).getByTestId('dictionaries-column-dialog-list-handle-creationTime').focus()
  await admin.keyboard.press('Space')
  await announced(admin, 'Creation time is over position 5.')
  await sensorListens(admin)
  await admin.keyboard.press('ArrowUp')
  await announced(admin, 'Creation time is over position 4.')
  await admin.keyboard.press('ArrowUp')
  await announced(admin, 'Creation time is over position 3.')
  await admin.keyboard.press('Space')
  await admin.waitForFunction(() => {
    const keys = [...document.querySelectorAll('[data-testid="dictionaries-column-dialog"] li[data-key]')].map((e) => e.getAttribute('data-key'))
    return keys.join(',') === 'code,displayName,creationTime,description,isStatic'
  })

  // Then the built-in column up to second place, the same way (a mouse drag through dnd-kit's
  // pointer sensor was flaky on a busy machine: its moves outran the sensor).
  await dialog(admin).getByTestId('dictionaries-column-dialog-list-handle-isStatic').focus()
  await admin.keyboard.press('Space')
  await announced(admin, 'Built-in is over position 5.')
  await sensorListens(admin)
  for (const position of [4, 3, 2]) {
    await admin.keyboard.press('ArrowUp')
    await announced(admin, `Built-in is over position ${position}.`)
  }
  await admin.keyboard.press('Space')
  await admin.waitForFunction(() => {
    const keys = [...document.querySelectorAll('[data-testid="dictionaries-column-dialog"] li[data-key]')].map((e) => e.getAttribute('data-key'))
    return keys.join(',') === 'code,isStatic,displayName,creationTime,description'
  })
  await shot(admin, 'column-config-dialog')

  await admin.getByTestId('dictionaries-column-dialog-save').click()
  await admin.locator('.ant-message-notice').filter({ hasText: 'The columns have been saved' }).first().waitFor()
  await dialog(admin).waitFor({ state: 'hidden' })
  const mine = ['Code', 'Built-in', 'Name', 'Creation time', 'Actions']
  await headersAre(admin, mine)

  await admin.reload()
  await rows(admin).first().waitFor()
  await headersAre(admin, mine)
  await shot(admin, 'column-config-persisted')

  const applied = await api(admin, 'GET', `/api/pageconfiguration/config/${ROUTE}`)
  assert.equal(applied.status, 200)
  assert.equal(applied.data.source, 'user')
  assert.deepEqual(
    JSON.parse(applied.data.config).map((c) => [c.key, c.isShow]),
    [
      ['code', true],
      ['isStatic', true],
      ['displayName', true],
      ['creationTime', true],
      ['description', false],
    ],
  )
})

test('a user of another role sees the default columns', async () => {
  const role = await api(admin, 'POST', '/api/identity/roles', { name: ROLE })
  assert.equal(role.status, 200, JSON.stringify(role.data))
  const granted = await api(admin, 'PUT', `/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(ROLE)}`, {
    permissions: [{ name: 'BasicSetup.DataDictionary', isGranted: true }],
  })
  assert.ok(granted.status === 200 || granted.status === 204, JSON.stringify(granted.data))
  const user = await api(admin, 'POST', '/api/identity/users', {
    userName: USER,
    name: 'Columns',
    email: `${USER}@kerf.local`,
    password: PASSWORD,
    roleNames: [ROLE],
  })
  assert.equal(user.status, 200, JSON.stringify(user.data))

  clerk = await englishPage()
  await login(clerk, { username: USER })
  await openPage(clerk)
  await headersAre(clerk, DEFAULT_HEADERS)
  assert.equal(await clerk.getByTestId('dictionaries-not-allowed').count(), 0)
  const applied = await api(clerk, 'GET', `/api/pageconfiguration/config/${ROUTE}`)
  assert.equal(applied.data.source, 'none')
  assert.equal(applied.data.allowed, true)
  await shot(clerk, 'column-config-other-user')
})

test("a role configuration naming only another role empties that user's table; the admin's is not", async () => {
  const config = JSON.stringify(['code', 'displayName', 'description', 'isStatic', 'creationTime'].map((key, order) => ({ key, title: key, isShow: true, order })))
  const made = await api(admin, 'POST', '/api/pageConfiguration', { routeKey: ROUTE, config, roleList: ['sales'] })
  assert.equal(made.status, 200, JSON.stringify(made.data))

  await clerk.reload()
  await clerk.getByTestId('dictionaries-not-allowed').waitFor()
  await table(clerk).getByText('No rows for your role').first().waitFor()
  assert.equal(await rows(clerk).count(), 0)
  await shot(clerk, 'column-config-not-allowed')

  await admin.reload()
  await rows(admin).first().waitFor()
  assert.equal(await admin.getByTestId('dictionaries-not-allowed').count(), 0)
  assert.ok((await rows(admin).count()) >= 2, 'the admin still sees the dictionaries')
})
