// Notifications (spec 000 §2, §4, §8, §9; decision 0015) on the real server, two users of the
// demo tenant in two browsers: the admin assigns a review sheet to a reviewer, whose bell rings
// without a reload (the count goes up, the entry shows, and a warning asks to allow browser
// notifications); clicking the entry marks it read and the count drops, and after a reload it
// stays gone (the page lists it read). The reviewer switches the assignment notification off on
// the profile page: the next assignment does not ring, the admin's broadcast (sent from the
// notifications page) does, now as a browser notification too.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { PASSWORD, login, setup, shot } from './support.mjs'

let env
let admin
let reviewer
let reviewerId
let sheets
/** Resolves once the reviewer's notifications hub has answered the handshake. */
let hubReady
const stamp = Date.now().toString(36).slice(-5)
const ROLE = `reviewers-${stamp}`
const USER = `reviewer${stamp}`

/** Calls the API as the user logged in on page p; answers {status, data}. */
async function api(p, method, path, body) {
  return p.evaluate(
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

const ok = (r) => assert.ok(r.status === 200 || r.status === 204, JSON.stringify(r))

before(async () => {
  env = await setup()
  admin = await env.page()
  await login(admin, { tenant: 'demo' })

  // A reviewer: may claim review sheets and receives notifications.
  ok(await api(admin, 'POST', '/api/identity/roles', { name: ROLE }))
  ok(
    await api(admin, 'PUT', `/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(ROLE)}`, {
      permissions: ['AuditDesign', 'AuditDesign.Claim', 'Notifications.PushMessages.Client'].map((name) => ({ name, isGranted: true })),
    }),
  )
  const user = await api(admin, 'POST', '/api/identity/users', {
    userName: USER,
    name: '审核员',
    email: `${USER}@kerf.local`,
    password: PASSWORD,
    roleNames: [ROLE],
  })
  ok(user)
  reviewerId = user.data.id

  // An order with a design scheme: one waiting review sheet per solution of the plan.
  const types = await api(admin, 'GET', '/api/app/sales-order-types/enabled')
  const order = await api(admin, 'POST', '/api/app/salesorder', { orderTypeId: types.data.items[0].id, customerName: `E2E notify ${stamp}` })
  ok(order)
  const plans = await api(admin, 'GET', '/api/app/home-design/plans?num=999&start=0')
  let plan = null
  for (const p of plans.data.items) {
    const d = await api(admin, 'GET', `/api/app/home-design/plans/${encodeURIComponent(p.planId)}`)
    if ((d.data.solutions?.length ?? 0) >= 2) {
      plan = p
      break
    }
  }
  assert.ok(plan, 'a demo plan with two solutions or more')
  ok(await api(admin, 'PUT', `/api/app/salesorder/design-id/${order.data.id}`, { designId: plan.designId }))
  const list = await api(admin, 'GET', `/api/sales-order/audit-designss?salesOrderId=${order.data.id}&maxResultCount=99`)
  sheets = list.data.items
  assert.ok(sheets.length >= 2, JSON.stringify(list.data))

  reviewer = await env.page()
  // Record the browser notifications the page shows.
  await reviewer.context().addInitScript(() => {
    const Native = window.Notification
    if (!Native) return
    window.__shown = []
    window.Notification = class extends Native {
      constructor(title, opts) {
        super(title, opts)
        window.__shown.push({ title, body: opts?.body })
      }
    }
  })
  hubReady = new Promise((resolve) => {
    reviewer.on('websocket', (ws) => {
      if (!ws.url().includes('/signalr-hubs/notifications')) return
      ws.on('framereceived', (f) => String(f.payload).startsWith('{}\u001e') && resolve())
    })
  })
  await login(reviewer, { tenant: 'demo', username: USER })
})
after(async () => {
  await env?.close()
})

const bell = () => reviewer.getByTestId('notification-bell')
const count = async () => Number(await bell().getAttribute('data-count'))
async function countIs(n) {
  try {
    await reviewer.waitForFunction((n) => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-count') === String(n), n)
  } catch (e) {
    throw new Error(`the bell counts ${await bell().getAttribute('data-count')}, not ${n}: ${e.message}`)
  }
}
const entries = () => reviewer.getByTestId('notification-list').getByTestId('notification-entry')

test('an assigned review sheet rings the reviewer bell without a reload; a click marks it read, and it stays read after a reload', async () => {
  await bell().waitFor()
  assert.equal(await count(), 0)
  // Connected to the hub before the event (a push is best effort; the list is read again on reconnects).
  await hubReady

  ok(await api(admin, 'POST', `/api/sales-order/audit-designss/${sheets[0].id}/assign`, { userId: reviewerId }))
  await countIs(1)
  // Browser notifications are not allowed: a persistent warning asks for them (spec 000 §8).
  await reviewer.locator('.ant-notification-notice').filter({ hasText: '请允许通知' }).waitFor()

  await bell().click()
  await entries().first().waitFor()
  assert.equal(await entries().count(), 1)
  const entry = entries().first()
  assert.equal(await entry.getByTestId('notification-title').textContent(), '有审核单分配给你')
  assert.match(await entry.textContent(), /分配给了你/)
  assert.equal(await entry.getAttribute('data-severity'), 'info')
  await shot(reviewer, 'notifications-bell')

  await entry.click()
  await countIs(0)
  await reviewer.getByTestId('notification-list').getByText('没有未读通知').waitFor()

  // The unread list is read again from the server: still none.
  const listed = reviewer.waitForResponse((r) => r.url().includes('/api/my-notifilers?') && r.status() === 200)
  await reviewer.reload()
  await listed
  await bell().waitFor()
  await countIs(0)

  await reviewer.goto('/im/notifications')
  const row = reviewer.getByTestId('notification-row').first()
  await row.waitFor()
  assert.equal(await reviewer.getByTestId('notification-row').count(), 1)
  assert.equal(await row.getAttribute('data-state'), '0')
  assert.equal(await row.getByTestId('notification-row-state').textContent(), '已读')
  await shot(reviewer, 'notifications-page')
})

test('an unsubscribed kind does not ring; the broadcast from the notifications page always does, as a browser notification when allowed', async () => {
  await reviewer.goto('/profile-setting/index')
  await reviewer.getByRole('tab', { name: '通知订阅' }).click()
  const assigned = reviewer.getByTestId('subscription').filter({ hasText: '审核单分配' })
  const toggle = assigned.getByTestId('subscription-switch')
  await toggle.waitFor()
  assert.equal(await toggle.getAttribute('aria-checked'), 'true')
  await toggle.click()
  await reviewer.locator('.ant-message-notice').filter({ hasText: '已退订“审核单分配”' }).waitFor()
  assert.equal(await toggle.getAttribute('aria-checked'), 'false')
  const subs = await api(reviewer, 'GET', '/api/my-subscribes/all')
  assert.ok(!subs.data.items.some((s) => s.name === 'Kerf.AuditDesign.Assigned'), JSON.stringify(subs.data))

  await reviewer.context().grantPermissions(['notifications'], { origin: env.baseURL })
  ok(await api(admin, 'POST', `/api/sales-order/audit-designss/${sheets[1].id}/assign`, { userId: reviewerId }))

  await admin.goto('/im/notifications')
  await admin.getByTestId('notifications-broadcast').click()
  await admin.getByTestId('broadcast-send').click()
  await admin.getByText('请输入标题').waitFor()
  await admin.getByTestId('broadcast-title').fill(`盘点通知 ${stamp}`)
  await admin.getByTestId('broadcast-message').fill('明天下午停机盘点')
  await admin.getByTestId('broadcast-send').click()
  await admin.locator('.ant-message-notice').filter({ hasText: /已发送给 \d+ 位用户/ }).waitFor()

  await countIs(1)
  await bell().click()
  await entries().first().waitFor()
  assert.equal(await entries().count(), 1)
  assert.equal(await entries().first().getByTestId('notification-title').textContent(), `盘点通知 ${stamp}`)
  const shown = await reviewer.evaluate(() => window.__shown)
  assert.deepEqual(shown, [{ title: `盘点通知 ${stamp}`, body: '明天下午停机盘点' }])
  await shot(reviewer, 'notifications-broadcast')
})
