// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { ImportSplitMappingsPage } from './ImportSplitMappingsPage'
import { audited, serveMappings } from './testServer'
import type { ImportSplitMapping } from './types'

const P = Permissions
const all = [P['BasicSetup.ImportSplitMappings'], P['BasicSetup.ImportSplitMappings.Create'], P['BasicSetup.ImportSplitMappings.Update'], P['BasicSetup.ImportSplitMappings.Delete']]
const PATH = '/api/split-order/import-split-mappings'

const mapping = (id: string, name: string, over: Partial<ImportSplitMapping> = {}): ImportSplitMapping => ({
  ...audited(id),
  name,
  isDefault: false,
  isEnable: true,
  description: '',
  defaultLineType: 'product',
  rules: [
    { order: 1, fieldName: 'color', operator: 'isEmpty', value: '', lineType: 'part' },
    { order: 2, fieldName: 'name', operator: 'contains', value: '板', lineType: 'standardProduct' },
  ],
  ...over,
})

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  const rows = [mapping('s1', 'Split by colour', { isDefault: true }), mapping('s2', 'Everything a part', { defaultLineType: 'part', rules: [] })]
  return serveMappings(PATH, () => rows, extra)
}
const row = (name: string) => screen.getAllByTestId('mapping-name').find((e) => e.textContent === name)!.closest('tr') as HTMLElement
const splitRows = () => screen.getAllByTestId('split-row')
const visibleOptions = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')] as HTMLElement[]

async function choose(select: HTMLElement, text: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o as HTMLElement
  })
  await userEvent.click(option)
}

describe('ImportSplitMappingsPage', () => {
  it('lists the mappings with their default line type, default, enabled and rule count', async () => {
    serve()
    renderWithApp(<ImportSplitMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    const a = within(row('Split by colour'))
    expect(a.getByText('Product')).toBeTruthy()
    expect(a.getByText('2')).toBeTruthy()
    expect(within(row('Everything a part')).getByText('Part')).toBeTruthy()
  })

  it('creates a mapping whose rules are tried in the order shown; no value for "is empty"', async () => {
    const calls = serve({ [`POST ${PATH}`]: (c) => ({ ...mapping('s3', 'x'), ...(c.body as object) }) })
    renderWithApp(<ImportSplitMappingsPage />, { granted: all })
    await userEvent.click(await screen.findByTestId('splitMapping-add'))
    await userEvent.type(await screen.findByTestId('split-mapping-name'), 'Kitchen split')
    await choose(screen.getByTestId('split-mapping-defaultLineType'), 'Standard product')

    await userEvent.click(screen.getByTestId('split-add'))
    // only the fields of the sales-order lines are offered
    fireEvent.mouseDown(within(within(splitRows()[0]).getByTestId('split-field')).getByRole('combobox'))
    await waitFor(() =>
      expect(visibleOptions().map((o) => o.textContent)).toEqual(['Product name', 'Width', 'Colour', 'Urgent']),
    )
    await userEvent.click(visibleOptions().find((o) => o.textContent === 'Colour') as HTMLElement)
    await userEvent.type(within(splitRows()[0]).getByTestId('split-value'), 'white')
    await choose(within(splitRows()[0]).getByTestId('split-lineType'), 'Part')

    await userEvent.click(screen.getByTestId('split-add'))
    await choose(within(splitRows()[1]).getByTestId('split-field'), 'Width')
    await choose(within(splitRows()[1]).getByTestId('split-operator'), 'is empty')
    expect(within(splitRows()[1]).queryByTestId('split-value')).toBeNull()
    // the second rule first
    await userEvent.click(within(splitRows()[1]).getByTestId('split-up'))
    expect(splitRows().map((r) => r.getAttribute('data-field'))).toEqual(['width', 'color'])

    await userEvent.click(screen.getByTestId('split-mapping-save'))
    expect(await screen.findByText('Created successfully')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Kitchen split',
      defaultLineType: 'standardProduct',
      isDefault: false,
      isEnable: true,
      rules: [
        { order: 1, fieldName: 'width', operator: 'isEmpty', value: '', lineType: 'product' },
        { order: 2, fieldName: 'color', operator: 'equals', value: 'white', lineType: 'part' },
      ],
    })
  })

  it('wants a value to compare with, and a default mapping to be enabled', async () => {
    const calls = serve()
    renderWithApp(<ImportSplitMappingsPage />, { granted: all })
    await userEvent.click(await screen.findByTestId('splitMapping-add'))
    await userEvent.type(await screen.findByTestId('split-mapping-name'), 'Kitchen split')
    await userEvent.click(screen.getByTestId('split-mapping-isDefault'))
    await userEvent.click(screen.getByTestId('split-mapping-isEnable'))
    await userEvent.click(screen.getByTestId('split-add'))
    await choose(within(splitRows()[0]).getByTestId('split-field'), 'Colour')
    await userEvent.click(screen.getByTestId('split-mapping-save'))
    expect(await screen.findByText('A default mapping must be enabled')).toBeTruthy()
    expect(within(splitRows()[0]).getByTestId('split-error').textContent).toBe('Enter the value to compare with')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('edits a mapping with its rules in order and its stamp, and deletes one after a confirmation', async () => {
    const calls = serve({
      [`PUT ${PATH}/s1`]: (c) => ({ ...mapping('s1', 'x'), ...(c.body as object) }),
      [`DELETE ${PATH}/s2`]: () => undefined,
    })
    renderWithApp(<ImportSplitMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Split by colour')).getByTestId('splitMapping-edit'))
    await waitFor(() => expect((screen.getByTestId('split-mapping-name') as HTMLInputElement).value).toBe('Split by colour'))
    expect(splitRows().map((r) => r.getAttribute('data-field'))).toEqual(['color', 'name'])
    await userEvent.click(within(splitRows()[0]).getByTestId('split-remove'))
    await userEvent.click(screen.getByTestId('split-mapping-save'))
    expect(await screen.findByText('Update success')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      concurrencyStamp: 'stamp-s1',
      isDefault: true,
      rules: [{ order: 1, fieldName: 'name', operator: 'contains', value: '板', lineType: 'standardProduct' }],
    })

    await userEvent.click(within(row('Everything a part')).getByTestId('splitMapping-delete'))
    await screen.findByTestId('confirm-delete')
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('Delete the import split mapping Everything a part?')
    await userEvent.click(screen.getByTestId('confirm-delete'))
    expect(await screen.findByText('Deleted successfully')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PATH}/s2`)).toBe(true)
  })
})
