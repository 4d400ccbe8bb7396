// @vitest-environment jsdom
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'antd'
import { mockApi, renderWithApp, type ApiCall } from '../../test/render'
import { DictionarySelect } from './DictionarySelect'
import type { DictionaryDetail } from './useDictionary'

const detail = (code: string, label: string, value: string, extra: Partial<DictionaryDetail> = {}): DictionaryDetail => ({
  id: `id-${code}`,
  dataDictionaryId: 'dict-1',
  code,
  label,
  value,
  order: 0,
  isEnable: true,
  isDefault: false,
  description: '',
  concurrencyStamp: 's',
  creationTime: '2026-01-05T08:00:00Z',
  creatorId: null,
  isDeleted: false,
  lastModificationTime: null,
  lastModifierId: null,
  tenantId: null,
  ...extra,
})

const QUOTATION = [
  detail('FactoryPrice', '出厂价', 'factory', { isDefault: true }),
  detail('DealerPrice', '经销价', 'dealer'),
  detail('RetailPrice', '零售价', 'retail'),
]

const select = () => screen.getByTestId('dictionary-select-SalesOrderKuJiaLeQuotationType')
const open = async () => userEvent.click(within(select()).getByRole('combobox'))
const option = (label: string) => screen.findByText(label, { selector: '.ant-select-item-option-content' })

function Harness({ useDefault, initial }: { useDefault?: boolean; initial?: string }) {
  const [value, setValue] = useState<string | undefined>(initial)
  return (
    <>
      <DictionarySelect code="SalesOrderKuJiaLeQuotationType" value={value} onChange={(v) => setValue(v)} allowClear useDefault={useDefault} placeholder="Quotation type" />
      <output data-testid="value">{value ?? '(none)'}</output>
    </>
  )
}

describe('DictionarySelect', () => {
  it('offers the labels of the details and stores the chosen value', async () => {
    const calls = mockApi({ 'GET /api/datadictionary/details/SalesOrderKuJiaLeQuotationType': () => ({ items: QUOTATION }) })
    renderWithApp(<Harness />)
    await waitFor(() => expect(select().getAttribute('data-state')).toBe('ready'))
    expect(screen.getByText('Quotation type')).toBeTruthy()
    await open()
    expect(await option('出厂价')).toBeTruthy()
    expect(await option('零售价')).toBeTruthy()
    await userEvent.click(await option('经销价'))
    expect(screen.getByTestId('value').textContent).toBe('dealer')
    expect(within(select()).getByText('经销价')).toBeTruthy() // the label is shown, not the value
    expect(calls.filter((c) => c.path.startsWith('/api/datadictionary/details/'))).toHaveLength(1)
  })

  it('preselects the default detail when asked and nothing is chosen', async () => {
    mockApi({ 'GET /api/datadictionary/details/SalesOrderKuJiaLeQuotationType': () => ({ items: QUOTATION }) })
    renderWithApp(<Harness useDefault />)
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('factory'))
    expect(within(select()).getByText('出厂价')).toBeTruthy()
  })

  it('keeps a value already chosen even with useDefault', async () => {
    mockApi({ 'GET /api/datadictionary/details/SalesOrderKuJiaLeQuotationType': () => ({ items: QUOTATION }) })
    renderWithApp(<Harness useDefault initial="retail" />)
    await waitFor(() => expect(select().getAttribute('data-state')).toBe('ready'))
    expect(screen.getByTestId('value').textContent).toBe('retail')
    expect(within(select()).getByText('零售价')).toBeTruthy()
  })

  it('says it is loading, then that the choices could not be read, and retries', async () => {
    let fail = true
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    mockApi({
      'GET /api/datadictionary/details/SalesOrderKuJiaLeQuotationType': async (_c: ApiCall) => {
        await gate
        if (fail) return new Response(JSON.stringify({ error: { message: 'There is no data dictionary with the code' } }), { status: 404 })
        return { items: QUOTATION }
      },
    })
    renderWithApp(<Harness />)
    expect(select().getAttribute('data-state')).toBe('loading')
    expect(screen.getByText('Loading…')).toBeTruthy()
    release()
    await waitFor(() => expect(select().getAttribute('data-state')).toBe('error'))
    expect(screen.getByText('Failed to load')).toBeTruthy()
    await open()
    fail = false
    await userEvent.click(await screen.findByTestId('dictionary-select-SalesOrderKuJiaLeQuotationType-retry'))
    await waitFor(() => expect(select().getAttribute('data-state')).toBe('ready'))
    expect(await option('出厂价')).toBeTruthy()
  })

  it('is a form control: the form reads the chosen value', async () => {
    mockApi({ 'GET /api/datadictionary/details/SeparatePallet': () => ({ items: [detail('None', '不分托', '0', { isDefault: true }), detail('ByRoom', '按空间分托', '1')] }) })
    let read: Record<string, unknown> = {}
    function FormHarness() {
      const [form] = Form.useForm()
      return (
        <Form form={form} onFinish={(v) => (read = v)}>
          <Form.Item name="separatePallet">
            <DictionarySelect code="SeparatePallet" useDefault />
          </Form.Item>
          <button type="submit">Go</button>
        </Form>
      )
    }
    renderWithApp(<FormHarness />)
    await waitFor(() => expect(within(screen.getByTestId('dictionary-select-SeparatePallet')).getByText('不分托')).toBeTruthy())
    await userEvent.click(within(screen.getByTestId('dictionary-select-SeparatePallet')).getByRole('combobox'))
    await userEvent.click(await screen.findByText('按空间分托', { selector: '.ant-select-item-option-content' }))
    await userEvent.click(screen.getByText('Go'))
    await waitFor(() => expect(read).toEqual({ separatePallet: '1' }))
  })
})
