// Organisation units (spec 002 §2.4, §7.6) as the host admin: build a small tree, move a unit
// by dragging it onto another and see it under its new parent after a reload, see a refused
// move answered with the server's message (the tree stays), add a member through the user
// picker and a role, remove them after confirming, delete the subtree.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { login, setup, shot } from './support.mjs'

let env
let page
const stamp = Date.now().toString(36).slice(-5)
const ROOT = `E2E总部${stamp}`
const SALES = `E2E销售${stamp}`
const PROD = `E2E生产${stamp}`
const SHOP = `E2E车间${stamp}`

before(async () => {
  env = await setup()
  page = await env.page()
  await login(page)
})
after(async () => {
  await env?.close()
})

const toast = (text) => page.locator('.ant-message-notice').filter({ hasText: text }).first()
const confirmOk = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last()
const node = (name) => page.locator(`[data-testid="unit-node"][data-name="${name}"]`)
const treenode = (name) => page.locator('.ant-tree-treenode').filter({ has: node(name) })
/** How deep a unit sits (0: a root), from the indent the tree draws before it. */
const depth = (name) => treenode(name).locator('.ant-tree-indent-unit').count()
/** The name of the nearest unit above `name` that sits one level higher: its parent in the tree. */
async function parentName(name) {
  return page.evaluate((n) => {
    const rows = [...document.querySelectorAll('.ant-tree-treenode')]
    const level = (r) => r.querySelectorAll('.ant-tree-indent-unit').length
    const i = rows.findIndex((r) => r.querySelector(`[data-testid="unit-node"][data-name="${n}"]`))
    if (i < 0) return undefined
    for (let j = i - 1; j >= 0; j--) if (level(rows[j]) === level(rows[i]) - 1) return rows[j].querySelector('[data-testid="unit-node"]')?.getAttribute('data-name')
    return null
  }, name)
}

/** Waits until the tree shows `name` under `parent`. */
async function waitParent(name, parent) {
  await page.waitForFunction(
    ([n, p]) => {
      const rows = [...document.querySelectorAll('.ant-tree-treenode')]
      const level = (r) => r.querySelectorAll('.ant-tree-indent-unit').length
      const i = rows.findIndex((r) => r.querySelector(`[data-testid="unit-node"][data-name="${n}"]`))
      if (i < 0) return false
      for (let j = i - 1; j >= 0; j--)
        if (level(rows[j]) === level(rows[i]) - 1) return rows[j].querySelector('[data-testid="unit-node"]')?.getAttribute('data-name') === p
      return false
    },
    [name, parent],
  )
}

async function nodeAction(name, action) {
  // a menu of another unit still fading out would take the click meant for this one
  await page.locator('.ant-dropdown:visible').first().waitFor({ state: 'hidden' })
  await node(name).getByTestId('unit-node-more').click()
  await page.locator('.ant-dropdown:visible').getByTestId(action).click()
}

async function saveUnit(name) {
  await page.getByTestId('unit-form-displayName').fill(name)
  await page.getByTestId('unit-form-displayName').press('Enter') // Enter saves
  await toast('添加成功').waitFor()
  await page.getByTestId('unit-dialog').waitFor({ state: 'hidden' })
  await node(name).waitFor()
}

/**
 * Drags one unit onto another with the mouse, as a user does: the tree reads "into the target"
 * from a drop on the lower half of its row with the pointer moved right of where the drag began.
 */
async function dragOnto(from, to) {
  await dragLocatorOnto(node(from), to)
}

async function dragLocatorOnto(source, to) {
  const a = await source.boundingBox()
  const b = await node(to).boundingBox()
  await page.mouse.move(a.x + 20, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + 30, a.y + a.height / 2, { steps: 3 })
  await page.mouse.move(b.x + 150, b.y + b.height * 0.7, { steps: 8 })
  await page.mouse.move(b.x + 160, b.y + b.height * 0.7, { steps: 2 })
  await page.mouse.up()
}

test('open 系统管理 > 组织机构: nothing selected yet', async () => {
  await page.goto('/admin/organization-unit')
  await page.locator('[data-testid="page-title"]:visible', { hasText: '组织机构' }).waitFor()
  await page.getByTestId('unit-no-selection').waitFor()
})

test('build a small tree: a root, two children, a grandchild', async () => {
  await page.getByTestId('unit-add-root').click()
  await saveUnit(ROOT)
  await nodeAction(ROOT, 'unit-add-child')
  await page.getByTestId('unit-form-parentId').filter({ hasText: ROOT }).waitFor() // the parent is preset
  await saveUnit(SALES)
  await nodeAction(ROOT, 'unit-add-child')
  await saveUnit(PROD)
  await nodeAction(PROD, 'unit-add-child')
  await saveUnit(SHOP)
  assert.equal(await parentName(SALES), ROOT)
  assert.equal(await parentName(SHOP), PROD)
  assert.equal((await depth(SHOP)) - (await depth(ROOT)), 2)
  await shot(page, 'organization-units-tree')
})

test('drag a unit onto another: it moves there, and stays there after a reload', async () => {
  await dragOnto(SHOP, SALES)
  await toast(`已将“${SHOP}”移到“${SALES}”下`).waitFor()
  await waitParent(SHOP, SALES)
  assert.equal(await parentName(SHOP), SALES)
  await page.reload()
  await node(SHOP).waitFor()
  assert.equal(await parentName(SHOP), SALES)
  assert.equal(await parentName(SALES), ROOT)
  assert.equal((await depth(SHOP)) - (await depth(ROOT)), 2)
  await shot(page, 'organization-units-moved')
})

test('a move the server refuses (a sibling of the same name) shows its message; the tree stays', async () => {
  // a second unit named like the workshop, under the production unit
  await nodeAction(PROD, 'unit-add-child')
  await page.getByTestId('unit-form-displayName').fill(SHOP)
  await page.getByTestId('unit-dialog-save').click()
  await toast('添加成功').waitFor()
  await page.getByTestId('unit-dialog').waitFor({ state: 'hidden' })
  const second = page.locator('.ant-tree-treenode').filter({ has: node(SHOP) }).nth(1)
  await second.waitFor()
  // drag it under the sales unit, which already has a unit of that name
  await dragLocatorOnto(second.locator('[data-testid="unit-node"]'), SALES)
  await toast(`同一上级下已有名为 ${SHOP} 的组织机构`).waitFor()
  await shot(page, 'organization-units-move-refused')
  // still one under each parent
  const parents = await page.evaluate((n) => {
    const rows = [...document.querySelectorAll('.ant-tree-treenode')]
    const level = (r) => r.querySelectorAll('.ant-tree-indent-unit').length
    const out = []
    rows.forEach((r, i) => {
      if (r.querySelector('[data-testid="unit-node"]')?.getAttribute('data-name') !== n) return
      for (let j = i - 1; j >= 0; j--)
        if (level(rows[j]) === level(r) - 1) {
          out.push(rows[j].querySelector('[data-testid="unit-node"]')?.getAttribute('data-name'))
          break
        }
    })
    return out.sort()
  }, SHOP)
  assert.deepEqual(parents, [PROD, SALES].sort())
})

test('add a member through the user picker, then remove it after confirming', async () => {
  await node(SALES).getByTestId('unit-node-name').click()
  await page.getByTestId('unit-detail-title').filter({ hasText: `${ROOT} / ${SALES}` }).waitFor()
  await page.getByTestId('members-table').locator('.ant-empty').waitFor()
  await page.getByTestId('members-add').click()
  await page.getByTestId('user-picker').waitFor()
  await page.getByTestId('user-picker-search').locator('input').fill('admin')
  await page.getByTestId('user-picker-search').locator('input').press('Enter')
  await page.locator('[data-testid="user-picker-row"][data-username="admin"]').click()
  await page.getByTestId('user-picker-tag').filter({ hasText: 'admin' }).waitFor()
  await page.getByTestId('user-picker-confirm').click()
  await toast('已添加 1 个成员').waitFor()
  await page.locator('[data-testid="member-row"][data-username="admin"]').waitFor()
  await shot(page, 'organization-units-member')

  await page.locator('[data-testid="member-row"][data-username="admin"]').getByTestId('member-remove').click()
  await page.locator('.ant-modal-confirm').filter({ hasText: '提示' }).waitFor()
  await confirmOk().click()
  await toast('已移除成员').waitFor()
  await page.locator('[data-testid="member-row"][data-username="admin"]').waitFor({ state: 'detached' })
})

test('add a role to the unit; it shows ticked and disabled when adding again', async () => {
  await page.getByRole('tab', { name: '角色' }).click()
  await page.getByTestId('unit-roles-table').locator('.ant-empty').waitFor()
  await page.getByTestId('unit-roles-add').click()
  const admin = page.locator('[data-testid="unit-roles-pick-row"][data-name="admin"]')
  await admin.click()
  await page.getByTestId('unit-roles-pick-confirm').click()
  await toast('已添加 1 个角色').waitFor()
  await page.locator('[data-testid="unit-role-row"][data-name="admin"]').waitFor()
  await page.getByTestId('unit-roles-add').click()
  await admin.waitFor()
  assert.equal(await admin.locator('input[type="checkbox"]').isDisabled(), true)
  assert.equal(await admin.locator('input[type="checkbox"]').isChecked(), true)
  await page.keyboard.press('Escape')
  await shot(page, 'organization-units-role')
})

test('delete the root after confirming: its whole subtree goes', async () => {
  await nodeAction(ROOT, 'unit-delete')
  await page.locator('.ant-modal-confirm').filter({ hasText: `确定删除机构“${ROOT}”及其 4 个下级机构吗` }).waitFor()
  await confirmOk().click()
  await toast('删除成功').waitFor()
  await node(ROOT).waitFor({ state: 'detached' })
  assert.equal(await node(SALES).count(), 0)
  assert.equal(await node(SHOP).count(), 0)
  await page.getByTestId('unit-no-selection').waitFor()
})

test("the demo tenant's admin sees the demo tree, not the host's units, and is a member of 销售部", async () => {
  const tenant = await env.page()
  await login(tenant, { tenant: 'demo' })
  await tenant.goto('/admin/organization-unit')
  const unit = (name) => tenant.locator(`[data-testid="unit-node"][data-name="${name}"]`)
  for (const name of ['总部', '销售部', '生产部', '开料车间', '封边车间']) await unit(name).waitFor()
  assert.equal(await tenant.locator('[data-testid="unit-node"]').count(), 5)
  await unit('销售部').getByTestId('unit-node-name').click()
  await tenant.getByTestId('unit-detail-title').filter({ hasText: '总部 / 销售部' }).waitFor()
  await tenant.locator('[data-testid="member-row"][data-username="admin"]').waitFor()
  await shot(tenant, 'organization-units-demo')
})
