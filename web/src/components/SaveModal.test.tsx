// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../test/render'
import { SaveModal } from './SaveModal'

function dialog(props: Partial<Parameters<typeof SaveModal>[0]> = {}) {
  const onSave = vi.fn()
  const onCancel = vi.fn()
  const view = renderWithApp(
    <SaveModal open title="Edit directory" saving={false} onSave={onSave} onCancel={onCancel} saveTestId="dlg-save" {...props}>
      <input aria-label="Display name" />
    </SaveModal>,
  )
  return { ...view, onSave, onCancel }
}

describe('SaveModal', () => {
  it('shows its title, its content, and Cancel and Save', async () => {
    dialog()
    expect(await screen.findByText('Edit directory')).toBeTruthy()
    expect(screen.getByLabelText('Display name')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(screen.getByTestId('dlg-save').textContent).toMatch(/Save/)
  })

  it('Save and Cancel call back', async () => {
    const { onSave, onCancel } = dialog()
    await userEvent.click(await screen.findByTestId('dlg-save'))
    expect(onSave).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('locks Save while saving, so a second click submits nothing (spec 001 §4)', async () => {
    const { onSave } = dialog({ saving: true })
    const save = await screen.findByTestId('dlg-save')
    expect((save as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(save)
    expect(onSave).not.toHaveBeenCalled()
  })

  it('shows no dialog when closed (the content may be rendered, hidden, for its form)', () => {
    dialog({ open: false })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
