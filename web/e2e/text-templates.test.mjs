// Text templates and the development mailbox (docs/decisions/0014, "E-mail" and "Languages, texts,
// templates") as the host's admin on the real server: edit the simple message template in
// Chinese and see the server's preview follow the typing, save it (the culture shows as
// customised, English keeps its default), see a content that does not render answered in the
// preview, restore the default after the 提示 confirmation; then send a test e-mail (no SMTP host
// is set) and read it in the development mailbox once the job has delivered it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = `E2E-${Date.now().toString(36).slice(-6)}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

/** Calls the API as the logged-in user. */
async function api(method, path, body) {
  return page.evaluate(
    async ([m, u, b]) => {
      const token = JSON.parse(localStorage.getItem('kerf.token') ?? 'null')
      const headers = { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json' }
      const r = await fetch(u, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) })
      const text = await r.text()
      return { status: r.status, body: text ? JSON.parse(text) : null }
    },
    [method, path, body],
  )
}

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const confirmOk = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last()
const content = () => page.getByTestId('text-template-content')
const state = () => page.getByTestId('text-template-state')
/** Waits until the preview's document contains text. */
const previewShows = (text) =>
  page.waitForFunction((s) => (document.querySelector('[data-testid="text-template-preview"]')?.getAttribute('srcdoc') ?? '').includes(s), text)

test('a template edited with a live preview, saved per culture and restored to its default', async () => {
  await page.goto('/admin/text-templates')
  const row = page.locator('[data-testid="text-template-row"][data-name="Abp.StandardEmailTemplates.Message"]')
  await row.waitFor()
  assert.equal(await page.getByTestId('text-template-row').count(), 5)
  await row.getByTestId('text-template-edit').click()
  await state().filter({ hasText: '默认内容' }).waitFor()
  assert.equal((await content().inputValue()).trim(), '<p>{{.Message}}</p>')
  // The preview renders the stored content inside the layout, then what is typed.
  await previewShows('请勿直接回复')
  await content().fill(`<p>${stamp}: {{.Message}}</p>`)
  await previewShows(`${stamp}: 这是一封测试邮件`)
  await shot(page, 'text-template-editor')
  await page.getByTestId('text-template-save').click()
  await toast('保存成功').waitFor()
  await state().filter({ hasText: '已自定义' }).waitFor()

  // English keeps its default content.
  await page.getByTestId('text-template-culture').getByText('English').click()
  await state().filter({ hasText: '默认内容' }).waitFor()
  assert.ok(!(await content().inputValue()).includes(stamp))
  await page.getByTestId('text-template-culture').getByText('简体中文').click()
  await state().filter({ hasText: '已自定义' }).waitFor()
  assert.ok((await content().inputValue()).includes(stamp))

  // A content that does not render: the server's reason shows in the preview.
  await content().fill('<p>{{.Nope}}</p>')
  await page.getByTestId('text-template-preview-error').waitFor()
  await content().fill(`<p>${stamp}: {{.Message}}</p>`)
  await page.getByTestId('text-template-preview-error').waitFor({ state: 'detached' })

  // Restore after the confirmation.
  await page.getByTestId('text-template-restore').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).waitFor()
  await confirmOk().click()
  await toast('已恢复默认内容').waitFor()
  await state().filter({ hasText: '默认内容' }).waitFor()
  assert.equal((await content().inputValue()).trim(), '<p>{{.Message}}</p>')
  const stored = await api('GET', '/api/text-template-management/template-contents?templateName=Abp.StandardEmailTemplates.Message&cultureName=zh-Hans')
  assert.equal(stored.body.isOverridden, false)
})

test('a test e-mail lands in the development mailbox and reads there', async () => {
  const subject = `${stamp} 测试邮件`
  const sent = await api('POST', '/api/setting-management/emailing/send-test-email', { to: 'e2e@example.com', subject, body: `Hello from ${stamp}` })
  assert.equal(sent.status, 204)
  await page.goto('/admin/emails')
  const row = page.locator('[data-testid="mail-row"]').filter({ hasText: subject })
  // The job delivers it shortly: refresh until it is there.
  for (let i = 0; i < 120 && !(await row.count()); i++) {
    const answered = page.waitForResponse((r) => r.url().includes('/emailing/mailbox'))
    await page.getByTestId('mailbox-refresh').click()
    await answered
  }
  await row.waitFor()
  await row.getByTestId('mail-open').click()
  const dialog = page.getByTestId('mail-dialog')
  await dialog.waitFor()
  assert.ok((await dialog.innerText()).includes('e2e@example.com'))
  await dialog.getByRole('tab', { name: '纯文本' }).click()
  await page.getByTestId('mail-text').filter({ hasText: `Hello from ${stamp}` }).waitFor()
  await shot(page, 'mailbox-message')
})
