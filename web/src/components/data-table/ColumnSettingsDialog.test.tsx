// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { ColumnSettingsDialog, type ColumnSettingsDialogProps } from './ColumnSettingsDialog'
import { defaultSettings, type ColumnSetting } from './columns'
import { layOutSortableLists } from './testHarness'

const settings = (n = 3): ColumnSetting[] =>
  defaultSettings([
    { key: 'code', title: 'Order id' },
    { key: 'name', title: 'Name' },
    { key: 'qty', title: 'Quantity' },
    ...Array.from({ length: n - 3 }, (_, i) => ({ key: `c${i + 4}`, title: `Column ${i + 4}` })),
  ])

let undo: () => void
beforeEach(() => {
  undo = layOutSortableLists()
})
afterEach(() => undo())

function open(props: Partial<ColumnSettingsDialogProps> = {}) {
  const onSave = vi.fn(async (_s: ColumnSetting[]) => undefined)
  const onReset = vi.fn(async () => undefined)
  const onClose = vi.fn()
  renderWithApp(<ColumnSettingsDialog open onClose={onClose} settings={settings()} onSave={onSave} onReset={onReset} testId="d" {...props} />)
  return { onSave, onReset, onClose, user: userEvent.setup() }
}

const order = () => [...screen.getByTestId('d-list').querySelectorAll('li')].map((li) => li.getAttribute('data-key'))
const checkbox = (key: string) => within(screen.getByTestId(`d-list-item-${key}`)).getByRole('checkbox') as HTMLInputElement
const saved = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls[0][0] as ColumnSetting[]).map((s) => `${s.order}:${s.key}:${s.isShow ? 'shown' : 'hidden'}`)

describe('ColumnSettingsDialog', () => {
  it('moves a column with the keyboard (Space, arrow, Space) and saves the new order', async () => {
    const { onSave, onClose, user } = open()
    screen.getByTestId('d-list-handle-qty').focus()
    await user.keyboard(' ')
    await user.keyboard('{ArrowUp}')
    await user.keyboard(' ')
    await waitFor(() => expect(order()).toEqual(['code', 'qty', 'name']))
    await user.click(screen.getByTestId('d-save'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(saved(onSave)).toEqual(['0:code:shown', '1:qty:shown', '2:name:shown'])
    expect(await screen.findByText('The columns have been saved')).toBeTruthy()
    expect(onClose).toHaveBeenCalled()
  })

  it('saves an unticked column as hidden', async () => {
    const { onSave, user } = open()
    await user.click(checkbox('name'))
    await user.click(screen.getByTestId('d-save'))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(saved(onSave)).toEqual(['0:code:shown', '1:name:hidden', '2:qty:shown'])
  })

  it('will not save with no column ticked: please select at least one column', async () => {
    const { onSave, onClose, user } = open()
    await user.click(screen.getByTestId('d-list-all'))
    expect([checkbox('code').checked, checkbox('name').checked, checkbox('qty').checked]).toEqual([false, false, false])
    expect(within(screen.getByTestId('d-none')).getByText('Please select at least one column')).toBeTruthy()
    await user.click(screen.getByTestId('d-save'))
    expect(await screen.findAllByText('Please select at least one column')).toHaveLength(2)
    expect(onSave).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('keeps the order-id column ticked: it cannot be unticked, not even by untick all', async () => {
    const { onSave, user } = open({ lockedKeys: ['code'] })
    expect(checkbox('code').checked).toBe(true)
    expect(checkbox('code').disabled).toBe(true)
    await user.click(screen.getByTestId('d-list-all'))
    expect([checkbox('code').checked, checkbox('name').checked, checkbox('qty').checked]).toEqual([true, false, false])
    expect(screen.queryByTestId('d-none')).toBeNull()
    await user.click(screen.getByTestId('d-save'))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(saved(onSave)).toEqual(['0:code:shown', '1:name:hidden', '2:qty:hidden'])
  })

  it('says which ticked columns the 18-column limit hides', async () => {
    open({ settings: settings(20) })
    expect(screen.getByTestId('d-limit').textContent).toBe('A table shows at most 18 columns: 2 ticked column(s) after that are hidden (Column 19, Column 20).')
    expect(within(screen.getByTestId('d-list-item-c20')).getByText('Over the limit')).toBeTruthy()
    expect(within(screen.getByTestId('d-list-item-c18')).queryByText('Over the limit')).toBeNull()
  })

  it('says nothing of the limit when at most 18 columns are ticked', async () => {
    const { user } = open({ settings: settings(19) })
    expect(screen.getByTestId('d-limit')).toBeTruthy()
    await user.click(checkbox('name'))
    expect(screen.queryByTestId('d-limit')).toBeNull()
  })

  it('resets after a confirmation', async () => {
    const { onReset, onSave, user } = open()
    await user.click(screen.getByTestId('d-reset'))
    expect(onReset).not.toHaveBeenCalled()
    await user.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1))
    expect(await screen.findByText('The default columns are restored')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('offers saving as everyone\u2019s default only when it can', async () => {
    const onSaveTenant = vi.fn(async (_s: ColumnSetting[]) => undefined)
    const { onSave, user } = open({ onSaveTenant })
    await user.click(checkbox('qty'))
    await user.click(screen.getByTestId('d-save-tenant'))
    await waitFor(() => expect(onSaveTenant).toHaveBeenCalledTimes(1))
    expect(saved(onSaveTenant)).toEqual(['0:code:shown', '1:name:shown', '2:qty:hidden'])
    expect(onSave).not.toHaveBeenCalled()
  })

  it('has no everyone\u2019s-default button without the permission', () => {
    open()
    expect(screen.queryByTestId('d-save-tenant')).toBeNull()
  })

  it('stays open with the choice kept when the save fails', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('boom')
    })
    const { onClose, user } = open({ onSave })
    await user.click(checkbox('qty'))
    await user.click(screen.getByTestId('d-save'))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onClose).not.toHaveBeenCalled()
    expect(checkbox('qty').checked).toBe(false)
  })
})
