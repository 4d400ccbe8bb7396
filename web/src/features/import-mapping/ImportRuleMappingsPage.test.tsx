// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { ImportRuleMappingsPage } from './ImportRuleMappingsPage'
import { audited, invalid, serveMappings } from './testServer'
import type { ImportRuleMapping } from './types'

const P = Permissions
const all = [
  P['BasicSetup.ImportRuleMappings'],
  P['BasicSetup.ImportRuleMappings.Create'],
  P['BasicSetup.ImportRuleMappings.Update'],
  P['BasicSetup.ImportRuleMappings.Delete'],
]
const PATH = '/api/basic-setup/import-rule-mappings'

const mapping = (id: string, name: string, over: Partial<ImportRuleMapping> = {}): ImportRuleMapping => ({
  ...audited(id),
  name,
  moduleType: 1,
  importFileType: 0,
  importFileEncoding: 3,
  readRows: 1,
  isDefault: false,
  isEnable: true,
  description: '',
  mappingRules: [
    { columnIndex: 0, fieldName: 'name', valueType: 0, required: true, defaultValue: '', itemsMapping: '', dictionaryCode: '' },
    { columnIndex: 27, fieldName: 'color', valueType: 5, required: false, defaultValue: '', itemsMapping: '', dictionaryCode: 'Colors' },
  ],
  ...over,
})

function serve(extra: Record<string, (c: ApiCall) => unknown> = {}) {
  const rows = [mapping('m1', 'Orders A', { isDefault: true }), mapping('m2', 'Orders CSV', { importFileType: 1, importFileEncoding: 1, mappingRules: [] })]
  return serveMappings(PATH, () => rows, extra)
}

const row = (name: string) => screen.getAllByTestId('mapping-name').find((e) => e.textContent === name)!.closest('tr') as HTMLElement
const lists = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === PATH)

/** Picks the option `text` of the select inside `within`. */
async function choose(select: HTMLElement, text: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((e) => e.textContent === text)
    if (!o) throw new Error(`no option ${text}`)
    return o as HTMLElement
  })
  await userEvent.click(option)
}

describe('ImportRuleMappingsPage', () => {
  it('lists the mappings paged on the server, with the module type in the user language, the file type and the rule count', async () => {
    const calls = serve()
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    const a = within(row('Orders A'))
    expect(a.getByText('Sales-order products')).toBeTruthy()
    expect(a.getByText('.xlsx')).toBeTruthy()
    expect(a.getByText('2')).toBeTruthy()
    const csv = within(row('Orders CSV'))
    expect(csv.getByText('.csv')).toBeTruthy()
    expect(csv.getByText('GB18030')).toBeTruthy()
    const first = lists(calls)[0]
    expect([first.query.get('SkipCount'), first.query.get('MaxResultCount')]).toEqual(['0', '30'])

    // the search bar's text goes as Filter, its module type as moduleType
    fireEvent.change(screen.getByTestId('ruleMapping-search-filter'), { target: { value: '  Orders  ' } })
    await choose(screen.getByTestId('ruleMapping-search-moduleType'), 'Sales-order products')
    await userEvent.click(screen.getByTestId('ruleMapping-search-submit'))
    await waitFor(() => expect(lists(calls).at(-1)!.query.get('Filter')).toBe('Orders'))
    expect(lists(calls).at(-1)!.query.get('moduleType')).toBe('1')

    // a sortable header sorts on the server
    await userEvent.click(screen.getAllByText('Created')[0])
    await waitFor(() => expect(lists(calls).at(-1)!.query.get('Sorting')).toBe('creationTime'))
  })

  it('offers create, edit and delete only with their permissions', async () => {
    serve()
    renderWithApp(<ImportRuleMappingsPage />, { granted: [P['BasicSetup.ImportRuleMappings']] })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    for (const id of ['ruleMapping-add', 'ruleMapping-edit', 'ruleMapping-delete']) expect(screen.queryAllByTestId(id)).toHaveLength(0)
  })

  it('creates a mapping with its rules; the encoding is asked for a .csv only', async () => {
    const calls = serve({ [`POST ${PATH}`]: (c) => ({ ...mapping('m3', 'x'), ...(c.body as object) }) })
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await userEvent.click(await screen.findByTestId('ruleMapping-add'))
    const form = within(await screen.findByTestId('rule-mapping-form'))
    await userEvent.type(form.getByTestId('rule-mapping-name'), 'Kitchen orders')
    await choose(form.getByTestId('rule-mapping-moduleType'), 'Sales-order products')
    expect(screen.queryByTestId('rule-mapping-encoding')).toBeNull()
    await choose(form.getByTestId('rule-mapping-fileType'), '.csv')
    await waitFor(() => expect(screen.getByTestId('rule-mapping-encoding')).toBeTruthy())
    await choose(screen.getByTestId('rule-mapping-encoding'), 'GB18030')

    await userEvent.click(screen.getByTestId('rule-add'))
    await choose(screen.getAllByTestId('rule-field')[0], 'Product name *')
    await userEvent.click(screen.getByTestId('rule-add'))
    await choose(screen.getAllByTestId('rule-field')[1], 'Width')
    await userEvent.type(screen.getAllByTestId('rule-default')[1], '600')
    await userEvent.click(screen.getByTestId('rule-mapping-save'))

    expect(await screen.findByText('Created successfully')).toBeTruthy()
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toEqual({
      name: 'Kitchen orders',
      moduleType: 1,
      importFileType: 1,
      importFileEncoding: 1,
      readRows: 1,
      isDefault: false,
      isEnable: true,
      mappingRules: [
        { columnIndex: 0, fieldName: 'name', valueType: 0, required: false, defaultValue: '', itemsMapping: '', dictionaryCode: '' },
        { columnIndex: 1, fieldName: 'width', valueType: 2, required: false, defaultValue: '600', itemsMapping: '', dictionaryCode: '' },
      ],
    })
  })

  it('checks before sending: the name, the module type, a rule for each required field', async () => {
    const calls = serve()
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await userEvent.click(await screen.findByTestId('ruleMapping-add'))
    await screen.findByTestId('rule-mapping-form')
    await userEvent.click(screen.getByTestId('rule-mapping-save'))
    expect(await screen.findByText('Enter the name')).toBeTruthy()
    expect(screen.getByText('Choose the module type')).toBeTruthy()
    await userEvent.type(screen.getByTestId('rule-mapping-name'), 'Kitchen orders')
    await choose(screen.getByTestId('rule-mapping-moduleType'), 'Sales-order products')
    await userEvent.click(screen.getByTestId('rule-add'))
    await choose(screen.getAllByTestId('rule-field')[0], 'Width')
    await userEvent.click(screen.getByTestId('rule-mapping-save'))
    expect((await screen.findByTestId('rules-problem')).textContent).toBe('Rules for these fields are required: Product name')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('edits a mapping read afresh, with its stamp, its columns as letters and its dictionary', async () => {
    const calls = serve({
      [`GET ${PATH}/m1`]: () => mapping('m1', 'Orders A', { isDefault: true, description: 'From the shop' }),
      [`PUT ${PATH}/m1`]: (c) => ({ ...mapping('m1', 'x'), ...(c.body as object) }),
    })
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Orders A')).getByTestId('ruleMapping-edit'))
    // The dialog's form is mounted again once the mapping is read: ask for the input each time.
    const nameInput = () => screen.getByTestId('rule-mapping-name') as HTMLInputElement
    await waitFor(() => expect(nameInput().value).toBe('Orders A'))
    const name = nameInput()
    expect(screen.getByText('Edit import rule mapping - Orders A')).toBeTruthy()
    expect(screen.getAllByTestId('rule-column').map((e) => (e as HTMLInputElement).value)).toEqual(['A', 'AB'])
    expect(screen.getAllByTestId('rule-mapping')[0].textContent).toBe('Dictionary: Colours')
    // a saved mapping can be tried with a file
    expect(screen.getByTestId('preview-panel')).toBeTruthy()

    fireEvent.change(name, { target: { value: 'Orders B' } })
    await userEvent.type(name, '{Enter}')
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name: 'Orders B',
      description: 'From the shop',
      isDefault: true,
      concurrencyStamp: 'stamp-m1',
      mappingRules: [
        { columnIndex: 0, fieldName: 'name' },
        { columnIndex: 27, fieldName: 'color', valueType: 5, itemsMapping: '', dictionaryCode: 'Colors' },
      ],
    })
    expect(await screen.findByText('Update success')).toBeTruthy()
  })

  it('shows what the server refused beside the field and the rule it names, in the user language', async () => {
    serve({
      [`GET ${PATH}/m1`]: () => mapping('m1', 'Orders A'),
      [`PUT ${PATH}/m1`]: () =>
        invalid('The request is not valid.', [
          { message: 'A mapping with this name exists', members: ['name'] },
          { message: 'There is no data dictionary Colors', members: ['mappingRules[1].dictionaryCode'] },
        ]),
    })
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Orders A')).getByTestId('ruleMapping-edit'))
    await waitFor(() => expect((screen.getByTestId('rule-mapping-name') as HTMLInputElement).value).toBe('Orders A'))
    await userEvent.click(screen.getByTestId('rule-mapping-save'))
    expect(await screen.findByText('A mapping with this name exists')).toBeTruthy()
    const ruleErrors = within(screen.getAllByTestId('rule-row')[1]).getAllByTestId('rule-error')
    expect(ruleErrors.map((e) => e.textContent)).toEqual(['There is no data dictionary Colors'])
  })

  it('deletes a mapping after a confirmation naming it', async () => {
    const calls = serve({ [`DELETE ${PATH}/m2`]: () => undefined })
    renderWithApp(<ImportRuleMappingsPage />, { granted: all })
    await waitFor(() => expect(screen.getAllByTestId('mapping-name')).toHaveLength(2))
    await userEvent.click(within(row('Orders CSV')).getByTestId('ruleMapping-delete'))
    await screen.findByTestId('confirm-delete')
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips')
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('Delete the import rule mapping Orders CSV?')
    await userEvent.click(screen.getByTestId('confirm-delete'))
    expect(await screen.findByText('Deleted successfully')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${PATH}/m2`])
  })
})
