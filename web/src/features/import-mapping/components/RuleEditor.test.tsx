// @vitest-environment jsdom
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useTranslation } from 'react-i18next'
import { renderWithApp } from '../../../test/render'
import { toRow, type RuleRow, type RuleSource } from '../ruleRows'
import { checkRules } from '../rules'
import type { DictionaryWithDetails, ModuleField } from '../types'
import { RuleEditor } from './RuleEditor'

configure({ asyncUtilTimeout: 5000 })

const fields: ModuleField[] = [
  { name: 'name', displayName: 'Name', valueType: 0, required: true },
  { name: 'width', displayName: 'Width', valueType: 2 },
  { name: 'color', displayName: 'Colour', valueType: 5 },
]
const dictionaries: DictionaryWithDetails[] = [
  {
    id: 'd1',
    code: 'Colors',
    displayName: 'Colours',
    details: [
      { id: 'i1', code: 'W', label: 'White', value: 'white' },
      { id: 'i2', code: 'O', label: 'Oak', value: 'oak' },
    ],
  },
]

/** The editor as a dialog holds it: rows in state, problems shown once "Save" was pressed. */
function Harness({ initial = [], source = 'column', seen }: { initial?: RuleRow[]; source?: RuleSource; seen: { rows: RuleRow[] } }) {
  const { t } = useTranslation('import-mapping')
  const [rows, setRows] = useState<RuleRow[]>(initial)
  const [tried, setTried] = useState(false)
  seen.rows = rows
  const problems = tried ? checkRules(rows, t, { source, fields, dictionaries }) : { rows: {} }
  return (
    <>
      <RuleEditor source={source} rows={rows} onChange={setRows} fields={fields} dictionaries={dictionaries} problems={problems} />
      <button type="button" onClick={() => setTried(true)}>
        check
      </button>
    </>
  )
}

const ruleRows = () => screen.getAllByTestId('rule-row')
const cell = (i: number, id: string) => within(ruleRows()[i]).getByTestId(id)
const columnInput = (i: number) => cell(i, 'rule-column') as HTMLInputElement

/** Opens the select of a row's cell and picks the option with that text. */
async function pick(i: number, id: string, text: string) {
  fireEvent.mouseDown(within(cell(i, id)).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.textContent === text,
    )
    if (!found) throw new Error(`no option ${text}`)
    return found as HTMLElement
  })
  await userEvent.click(option)
}

describe('RuleEditor', () => {
  it('adds rows in the next column, shows columns as letters and keeps a 0-based index', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 25, fieldName: 'name', valueType: 0 })]} />)
    expect(columnInput(0).value).toBe('Z')
    await userEvent.click(screen.getByTestId('rule-add'))
    expect(ruleRows()).toHaveLength(2)
    expect(columnInput(1).value).toBe('AA')
    // the new row's column has the focus: typing replaces it
    expect(document.activeElement).toBe(columnInput(1))
    await userEvent.clear(columnInput(1))
    await userEvent.type(columnInput(1), 'ab1')
    expect(columnInput(1).value).toBe('AB')
    expect(seen.rows.map((r) => r.column)).toEqual(['Z', 'AB'])
  })

  it('offers each target field to one rule only, and a field brings its value type', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 0, fieldName: 'name' })]} />)
    await userEvent.click(screen.getByTestId('rule-add'))
    fireEvent.mouseDown(within(cell(1, 'rule-field')).getByRole('combobox'))
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')]
      expect(o.length).toBe(3)
      return o
    })
    const name = options.find((o) => o.textContent === 'Name *')!
    expect(name.className).toContain('ant-select-item-option-disabled')
    expect(name.getAttribute('title')).toBe('Name is taken by another rule')
    await userEvent.click(options.find((o) => o.textContent === 'Width')!)
    await waitFor(() => expect(seen.rows[1]).toMatchObject({ fieldName: 'width', valueType: 2 }))
    expect(within(cell(1, 'rule-type')).getByText('Decimal')).toBeTruthy()
  })

  it('reads a field as its own type or as an enumeration, and a required field is always required', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 0, fieldName: 'name', valueType: 0 }), toRow({ columnIndex: 1, fieldName: 'width', valueType: 2 })]} />)
    const required = (i: number) => {
      const el = cell(i, 'rule-required')
      return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
    }
    expect([required(0).checked, required(0).disabled]).toEqual([true, true])
    expect([required(1).checked, required(1).disabled]).toEqual([false, false])
    fireEvent.mouseDown(within(cell(1, 'rule-type')).getByRole('combobox'))
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Decimal', 'Enumeration']))
    await userEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Enumeration') as HTMLElement)
    await waitFor(() => expect(seen.rows[1].valueType).toBe(5))
    expect(cell(1, 'rule-mapping').textContent).toBe('Set…')
  })

  it('maps an enumeration through its own pairs, typed without the mouse', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 2, fieldName: 'color', valueType: 5 })]} />)
    expect(cell(0, 'rule-mapping').textContent).toBe('Set…')
    await userEvent.click(cell(0, 'rule-mapping'))
    const dialog = within(await screen.findByTestId('mapping-dialog'))
    expect(screen.getByText('Value mapping - Colour')).toBeTruthy()
    await userEvent.type(dialog.getAllByTestId('mapping-source')[0], '白色')
    await userEvent.type(dialog.getAllByTestId('mapping-target')[0], 'white{Enter}')
    // Enter on the last target added the next pair, with the focus in its source
    await waitFor(() => expect(dialog.getAllByTestId('mapping-source')).toHaveLength(2))
    await waitFor(() => expect(document.activeElement).toBe(dialog.getAllByTestId('mapping-source')[1]))
    await userEvent.keyboard('橡木{Tab}oak')
    await userEvent.click(screen.getByTestId('mapping-apply'))
    await waitFor(() => expect(screen.queryByTestId('mapping-dialog')).toBeNull())
    expect(cell(0, 'rule-mapping').textContent).toBe('2 pairs')
    expect(seen.rows[0]).toMatchObject({
      mappingKind: 'inline',
      itemsMapping: [
        { source: '白色', target: 'white' },
        { source: '橡木', target: 'oak' },
      ],
      dictionaryCode: '',
    })
  })

  it('refuses pairs listing one source twice, in the nested editor', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 2, fieldName: 'color', valueType: 5 })]} />)
    await userEvent.click(cell(0, 'rule-mapping'))
    const dialog = within(await screen.findByTestId('mapping-dialog'))
    await userEvent.type(dialog.getAllByTestId('mapping-source')[0], 'W')
    await userEvent.type(dialog.getAllByTestId('mapping-target')[0], '1')
    await userEvent.click(dialog.getByTestId('mapping-add'))
    await userEvent.type(dialog.getAllByTestId('mapping-source')[1], 'W')
    await userEvent.type(dialog.getAllByTestId('mapping-target')[1], '2')
    await userEvent.click(screen.getByTestId('mapping-apply'))
    expect((await screen.findByTestId('mapping-problem')).textContent).toContain('The source W is listed twice')
    expect(seen.rows[0].mappingKind).toBe('none')
  })

  it('maps an enumeration through a data dictionary, whose items are shown read-only', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 2, fieldName: 'color', valueType: 5 })]} />)
    await userEvent.click(cell(0, 'rule-mapping'))
    await screen.findByTestId('mapping-dialog')
    await userEvent.click(screen.getByTestId('mapping-kind-dictionary'))
    fireEvent.mouseDown(within(screen.getByTestId('mapping-dictionary')).getByRole('combobox'))
    await userEvent.click(await screen.findByTitle('Colours (Colors)'))
    const items = within(await screen.findByTestId('mapping-items'))
    expect(items.getByText('White')).toBeTruthy()
    expect(items.getByText('oak')).toBeTruthy()
    expect(items.queryAllByRole('textbox')).toHaveLength(0)
    await userEvent.click(screen.getByTestId('mapping-apply'))
    await waitFor(() => expect(cell(0, 'rule-mapping').textContent).toBe('Dictionary: Colours'))
    expect(seen.rows[0]).toMatchObject({ mappingKind: 'dictionary', dictionaryCode: 'Colors', itemsMapping: [] })
  })

  it('shows the problems of each rule beside its cell', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(
      <Harness
        seen={seen}
        initial={[toRow({ columnIndex: 0, fieldName: 'width', valueType: 2, defaultValue: 'x' }), toRow({ columnIndex: 1, fieldName: 'color', valueType: 5 })]}
      />,
    )
    await userEvent.click(screen.getByTestId('rule-add'))
    await userEvent.clear(columnInput(2))
    expect(screen.queryAllByTestId('rule-error')).toHaveLength(0)
    await userEvent.click(screen.getByText('check'))
    const errors = (i: number) => within(ruleRows()[i]).queryAllByTestId('rule-error').map((e) => e.textContent)
    expect(errors(0)).toEqual(['The default value must be a number'])
    expect(errors(1)).toEqual(['An enumeration needs its values: a list or a data dictionary'])
    expect(errors(2)).toEqual(['Enter the column (A, B, …)', 'Choose the field'])
    // the module type's required field is not mapped yet
    expect(screen.getByTestId('rules-problem').textContent).toBe('Rules for these fields are required: Name')
    // fixing a cell clears its message
    await userEvent.type(columnInput(2), 'b')
    expect(errors(2)).toEqual(['Column B is read by another rule', 'Choose the field'])
    await userEvent.clear(columnInput(2))
    await userEvent.type(columnInput(2), 'd')
    await pick(2, 'rule-field', 'Name *')
    await waitFor(() => expect(errors(2)).toEqual([]))
    expect(screen.queryByTestId('rules-problem')).toBeNull()
  })

  it('moves and removes rules', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} initial={[toRow({ columnIndex: 0, fieldName: 'name' }), toRow({ columnIndex: 1, fieldName: 'width' })]} />)
    expect((cell(0, 'rule-up') as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(cell(1, 'rule-up'))
    expect(seen.rows.map((r) => r.fieldName)).toEqual(['width', 'name'])
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }))
    expect(seen.rows.map((r) => r.fieldName)).toEqual(['name'])
  })

  it('reads a source path instead of a column on a form field mapping', async () => {
    const seen = { rows: [] as RuleRow[] }
    renderWithApp(<Harness seen={seen} source="field" />)
    await userEvent.click(screen.getByTestId('rule-add'))
    expect(within(ruleRows()[0]).queryByTestId('rule-column')).toBeNull()
    await userEvent.type(cell(0, 'rule-source'), 'order.customer')
    expect(seen.rows[0].sourceField).toBe('order.customer')
  })
})
