// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { FormFieldMappingsPage } from './FormFieldMappingsPage'
import { audited, serveMappings } from './testServer'
import type { FormFieldMapping } from './types'

const P = Permissions
const all = [P['BasicSetup.FormFieldMappings'], P['BasicSetup.FormFieldMappings.Create'], P['BasicSetup.FormFieldMappings.Update'], P['BasicSetup.FormFieldMappings.Delete']]
const PATH = '/api/app/formFieldMappings'

const mapping = (id: string, name: string, over: Partial<FormFieldMapping> = {}): FormFieldMapping => ({
  ...audited(id),
  name,
  mappingType: 4,
  isEnable: true,
  description: '',
  mappingRules: [
    { sourceField: 'product.title', fieldName: 'name', valueType: 0, required: true, defaultValue: '', itemsMapping: '', dictionaryCode: '' },
    { sourceField: 'lines[0].code', fieldName: 'code', valueType: 5, required: false, defaultValue: '', itemsMapping: '[{"source":"A","target":"a-1"}]', dictionaryCode: '' },
  ],
  ...over,
})

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  const rows = [mapping('f1', 'Design platform order'), mapping('f2', 'Shop form', { isEnable: false, mappingRules: [] })]
  return serveMappings(PATH, () => rows, extra)
}
const row = (name: string) => screen.getAllByTestId('mapping-name').find((e) => e.textContent === name)!.closest('tr') as HTMLElement

async function choose(select: HTMLElement, text: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o as HTMLElement
  })
  await userEvent.click(option)
}

describe('FormFieldMappingsPage', () => {
  it('lists the mappings with their mapping type, enabled and rule count; filters on enabled in the header', async () => {
    const calls = serve()
    renderWithApp(<FormFieldMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    const a = within(row('Design platform order'))
    expect(a.getByText('Catalogue products')).toBeTruthy()
    expect(a.getByText('2')).toBeTruthy()
    expect(within(row('Shop form')).getByText('No')).toBeTruthy()
    expect(calls.filter((c) => c.path === PATH)[0].query.get('MaxResultCount')).toBe('30')

    fireEvent.click(screen.getAllByTestId('formMapping-filter-isEnable')[0])
    const panel = await screen.findByTestId('formMapping-filter-isEnable-panel')
    fireEvent.mouseDown(within(panel).getByRole('combobox'))
    fireEvent.click(await within(panel).findByTitle('No'))
    fireEvent.click(screen.getByTestId('formMapping-filter-isEnable-apply'))
    await waitFor(() => expect(calls.filter((c) => c.path === PATH).at(-1)!.query.get('isEnable')).toBe('false'))
  })

  it('creates a mapping whose rules read member paths', async () => {
    const calls = serve({ [`POST ${PATH}`]: (c) => ({ ...mapping('f3', 'x'), ...(c.body as object) }) })
    renderWithApp(<FormFieldMappingsPage />, { granted: all })
    await userEvent.click(await screen.findByTestId('formMapping-add'))
    await userEvent.type(await screen.findByTestId('form-mapping-name'), 'Quote form')
    await choose(screen.getByTestId('form-mapping-mappingType'), 'Catalogue products')
    await userEvent.click(screen.getByTestId('rule-add'))
    expect(screen.queryByTestId('rule-column')).toBeNull()
    await userEvent.type(screen.getByTestId('rule-source'), 'order.customer.name')
    await choose(screen.getByTestId('rule-field'), 'Product name *')
    await userEvent.click(screen.getByTestId('form-mapping-save'))
    expect(await screen.findByText('Created successfully')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Quote form',
      mappingType: 4,
      isEnable: true,
      mappingRules: [{ sourceField: 'order.customer.name', fieldName: 'name', valueType: 0, required: false, defaultValue: '', itemsMapping: '', dictionaryCode: '' }],
    })
  })

  it('edits a mapping with its stamp, keeping its value pairs', async () => {
    const calls = serve({ [`PUT ${PATH}/f1`]: (c) => ({ ...mapping('f1', 'x'), ...(c.body as object) }) })
    renderWithApp(<FormFieldMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Design platform order')).getByTestId('formMapping-edit'))
    await waitFor(() => expect((screen.getByTestId('form-mapping-name') as HTMLInputElement).value).toBe('Design platform order'))
    expect(screen.getAllByTestId('rule-source').map((e) => (e as HTMLInputElement).value)).toEqual(['product.title', 'lines[0].code'])
    expect(screen.getAllByTestId('rule-mapping')[0].textContent).toBe('1 pair')
    await userEvent.click(screen.getByTestId('form-mapping-save'))
    expect(await screen.findByText('Update success')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      concurrencyStamp: 'stamp-f1',
      mappingRules: [{ sourceField: 'product.title' }, { sourceField: 'lines[0].code', valueType: 5, itemsMapping: '[{"source":"A","target":"a-1"}]' }],
    })
  })

  it('deletes after a confirmation naming the mapping', async () => {
    const calls = serve({ [`DELETE ${PATH}/f2`]: () => undefined })
    renderWithApp(<FormFieldMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Shop form')).getByTestId('formMapping-delete'))
    await screen.findByTestId('confirm-delete')
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('Delete the form field mapping Shop form?')
    await userEvent.click(screen.getByTestId('confirm-delete'))
    expect(await screen.findByText('Deleted successfully')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PATH}/f2`)).toBe(true)
  })
})
