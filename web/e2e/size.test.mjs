import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
before(async () => {
  env = await setup()
})
after(async () => {
  await env?.close()
})

const navButtonHeight = (page) => page.getByTestId('hamburger').evaluate((e) => e.getBoundingClientRect().height)

test('the size picker saves the size and reloads the page in it', async () => {
  const page = await env.page()
  await login(page)
  assert.equal(await page.evaluate(() => document.documentElement.dataset.size), 'medium')
  const medium = await navButtonHeight(page)

  await page.getByTestId('size-picker').click()
  await Promise.all([page.waitForEvent('load'), page.getByTestId('size-small').click()])
  await page.getByTestId('layout').waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.dataset.size), 'small')
  const small = await navButtonHeight(page)
  assert.ok(small < medium, `small buttons (${small}px) should be smaller than medium ones (${medium}px)`)
  await shot(page, 'size-small')

  await page.reload()
  await page.getByTestId('layout').waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.dataset.size), 'small')

  await page.getByTestId('size-picker').click()
  await Promise.all([page.waitForEvent('load'), page.getByTestId('size-mini').click()])
  await page.getByTestId('layout').waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.dataset.size), 'mini')
  await shot(page, 'size-mini')
})
