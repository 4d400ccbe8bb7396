// Chat (spec 002 §2.5, §4, §7.8, §8, §9; decision 0015 "Chat") on the real server, two users of
// the host in two browsers: A (admin) finds B (sales) in the add-friend search and asks; B's
// validation prompt opens without a reload and B accepts (已添加对方为好友!); A writes, B's
// navbar chat entry and contact count the unread message before B opens the conversation, the
// message is there without a reload, B answers and A sees the answer arrive; A sends an image
// and a file, B sees the image inline and downloads the file under its name.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { login, setup, shot } from './support.mjs'

let env
let a
let b
const stamp = Date.now().toString(36).slice(-5)
const REMARK = `销售${stamp}`
const HELLO = `你好，我是管理员 ${stamp}`
const ANSWER = `收到，谢谢 ${stamp}`
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** Resolves once page p's messages hub has answered the handshake; fails after 30 s. */
function chatHubReady(p, who) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${who}: the messages hub did not answer the handshake within 30 s`)), 30_000)
    p.on('websocket', (ws) => {
      if (!ws.url().includes('/signalr-hubs/messages')) return
      ws.on('framereceived', (f) => {
        if (!String(f.payload).startsWith('{}\u001e')) return
        clearTimeout(t)
        resolve()
      })
    })
  })
}

const toast = (p, text) => p.locator('.ant-message-notice').filter({ hasText: text }).first()
const contact = (p, name) => p.getByTestId('chat-contact').filter({ hasText: name })
const unreadOf = (locator) => locator.getAttribute('data-unread')
async function unreadIs(locator, n) {
  const until = Date.now() + 15_000
  while (Date.now() < until) {
    if ((await unreadOf(locator)) === String(n)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.equal(await unreadOf(locator), String(n))
}

before(async () => {
  env = await setup()
  a = await env.page()
  b = await env.page()
  a.on('console', (m) => m.type() === 'warning' || m.type() === 'error' ? console.log('A:', m.text()) : undefined)
  const aReady = chatHubReady(a, 'A')
  const bReady = chatHubReady(b, 'B')
  await login(a)
  await login(b, { username: 'sales' })
  await a.goto('/im/chat')
  await b.goto('/im/chat')
  await a.getByTestId('chat-page').waitFor()
  await b.getByTestId('chat-page').waitFor()
  await Promise.all([aReady, bReady])
})
after(async () => {
  await env?.close()
})

test('A finds B in the user search (3 a row, names cut at 7 characters) and sends a friend request', async () => {
  await a.getByTestId('chat-no-conversation').waitFor()
  await a.getByTestId('add-friend').click()
  const dialog = a.getByTestId('add-friend-dialog')
  await dialog.getByTestId('user-result').first().waitFor()
  for (const row of await dialog.getByTestId('user-row').all()) assert.ok((await row.getByTestId('user-result').count()) <= 3)
  for (const name of await dialog.getByTestId('user-result-name').allInnerTexts()) assert.ok(Array.from(name.replace(/…$/, '')).length <= 7, name)

  await dialog.getByTestId('user-search').locator('input').fill('sales')
  await dialog.getByTestId('user-search').locator('input').press('Enter')
  const sales = dialog.locator('[data-testid="user-result"][data-username="sales"]')
  await sales.click()
  await a.getByTestId('add-friend-remark').fill(REMARK)
  await shot(a, 'chat-add-friend')
  await a.getByTestId('add-friend-send').click()
  await toast(a, '好友请求已发送，等待对方验证通过').waitFor()
})

test('B sees the validation prompt without a reload and accepts: 已添加对方为好友!, and both see each other as contacts', async () => {
  const prompt = b.getByTestId('friend-validation-text')
  await prompt.waitFor()
  assert.match(await prompt.innerText(), /请求添加你为好友/)
  await shot(b, 'chat-validation-prompt')
  await b.getByTestId('friend-validation-accept').click()
  await toast(b, '已添加对方为好友!').waitFor()
  await b.getByTestId('chat-contact').first().waitFor()
  // A is told (friendAdded) and finds B under the remark name given.
  await contact(a, REMARK).waitFor()
})

test('A writes; B’s navbar entry and contact count it unread before B opens the conversation; B reads it without a reload and answers; A sees the answer', async () => {
  await contact(a, REMARK).click()
  await a.getByTestId('chat-empty').waitFor()
  await a.getByTestId('chat-input').fill(HELLO)
  await a.getByTestId('chat-input').press('Enter')
  const mine = a.getByTestId('chat-message').filter({ hasText: HELLO })
  await mine.waitFor()
  await a.waitForFunction((text) => {
    const rows = [...document.querySelectorAll('[data-testid="chat-message"]')].filter((e) => e.textContent?.includes(text))
    return rows.length === 1 && rows[0].getAttribute('data-status') === 'succeeded'
  }, HELLO)

  const entry = b.getByTestId('chat-nav-entry')
  await unreadIs(entry, 1)
  const fromA = b.getByTestId('chat-contact').first()
  await unreadIs(fromA, 1)
  assert.equal(await fromA.getByTestId('chat-contact-last').innerText(), HELLO)
  await shot(b, 'chat-unread')

  await fromA.click()
  await b.getByTestId('chat-message').filter({ hasText: HELLO }).waitFor()
  await unreadIs(entry, 0)
  await b.getByTestId('chat-input').fill(ANSWER)
  await b.getByTestId('chat-input').press('Enter')
  await b.locator('[data-testid="chat-message"][data-status="succeeded"]').filter({ hasText: ANSWER }).waitFor()

  await a.getByTestId('chat-message').filter({ hasText: ANSWER }).waitFor()
  await shot(a, 'chat-conversation')
  // After a reload the conversation is the server's: both messages, A's own one sent.
  await a.reload()
  await contact(a, REMARK).click()
  await a.getByTestId('chat-message').filter({ hasText: ANSWER }).waitFor()
  assert.equal(await a.locator('[data-testid="chat-message"][data-mine="true"]').filter({ hasText: HELLO }).getAttribute('data-status'), 'succeeded')
})

test('A sends an image and a file: B sees the image inline and downloads the file under its name', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kerf-e2e-chat-'))
  const png = join(dir, 'plan.png')
  const pdf = join(dir, `报价单${stamp}.pdf`)
  await writeFile(png, Buffer.from(PNG_1PX, 'base64'))
  await writeFile(pdf, '%PDF-1.4 quotation')

  // The composer's file inputs: the image button's (accept image/*), then the file button's.
  const inputs = a.getByTestId('chat-composer').locator('input[type="file"]')
  assert.equal(await inputs.nth(0).getAttribute('accept'), 'image/*')
  await inputs.nth(0).setInputFiles(png)
  await a.locator('[data-testid="chat-message"][data-status="succeeded"] [data-testid="chat-image"]').first().waitFor()
  await inputs.nth(1).setInputFiles(pdf)
  await a.locator('[data-testid="chat-message"][data-status="succeeded"] [data-testid="chat-file"]').first().waitFor()

  // B has the conversation open: both arrive without a reload; the image is read with B's token.
  const image = b.getByTestId('chat-message').locator('img[src^="blob:"]')
  await image.waitFor()
  assert.ok(await image.evaluate((img) => img.complete && img.naturalWidth === 1))
  const file = b.getByTestId('chat-message').getByTestId('chat-file')
  await file.waitFor()
  assert.match(await file.innerText(), /PDF/)
  const [download] = await Promise.all([b.waitForEvent('download'), file.click()])
  assert.equal(download.suggestedFilename(), `报价单${stamp}.pdf`)
  await shot(b, 'chat-files')
})
