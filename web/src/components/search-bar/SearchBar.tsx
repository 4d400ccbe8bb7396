import type { ReactNode } from 'react'
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd'
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import dayjs, { type Dayjs } from 'dayjs'
import { useLabelWidth } from './useLabelWidth'

export type SearchFieldType = 'text' | 'number' | 'date' | 'dateRange' | 'select'

export interface SearchField {
  /** The value's name in SearchValues (usually the list's query parameter). */
  name: string
  /** Translated. */
  label: string
  type: SearchFieldType
  /** The choices of a select. */
  options?: { value: string | number | boolean; label: string }[]
  placeholder?: string
  /** The field's width in px (each type has its own default). */
  width?: number
}

export type SearchValues = Record<string, string | number | boolean | [string, string] | undefined>

export interface SearchBarProps {
  fields: SearchField[]
  /** The trimmed values, blanks left out; dates as YYYY-MM-DD. */
  onSearch: (values: SearchValues) => void
  /** Reset was clicked (before onSearch({})). */
  onReset?: () => void
  /** Prefix of the test ids: `<id>` (the form), `<id>-<name>` (a field), `<id>-submit`, `<id>-reset`. */
  testId: string
  /** Values the fields start with (dates as YYYY-MM-DD). */
  initialValues?: SearchValues
  /** Shown after Search and Reset (e.g. an export button). */
  extra?: ReactNode
}

const DAY = 'YYYY-MM-DD'
const WIDTHS: Record<SearchFieldType, number> = { text: 180, number: 140, date: 150, dateRange: 250, select: 160 }

function isDay(v: unknown): v is Dayjs {
  return typeof v === 'object' && v !== null && typeof (v as Dayjs).format === 'function' && typeof (v as Dayjs).isValid === 'function'
}

/**
 * What a search sends: text trimmed, blanks left out, numbers as numbers, dates as YYYY-MM-DD,
 * a date range only when both ends are chosen.
 */
export function searchValues(fields: SearchField[], raw: Record<string, unknown>): SearchValues {
  const out: SearchValues = {}
  for (const f of fields) {
    const v = raw[f.name]
    if (v === undefined || v === null) continue
    switch (f.type) {
      case 'text': {
        const s = String(v).trim()
        if (s) out[f.name] = s
        break
      }
      case 'number': {
        const n = typeof v === 'number' ? v : Number(String(v).trim())
        if (String(v).trim() !== '' && Number.isFinite(n)) out[f.name] = n
        break
      }
      case 'date':
        if (isDay(v) && v.isValid()) out[f.name] = v.format(DAY)
        else if (typeof v === 'string' && v.trim()) out[f.name] = v.trim()
        break
      case 'dateRange':
        if (Array.isArray(v) && isDay(v[0]) && isDay(v[1]) && v[0].isValid() && v[1].isValid()) out[f.name] = [v[0].format(DAY), v[1].format(DAY)]
        break
      case 'select':
        if (typeof v === 'string') {
          if (v.trim()) out[f.name] = v.trim()
        } else if (typeof v === 'number' || typeof v === 'boolean') out[f.name] = v
        break
    }
  }
  return out
}

/** Initial values as the form's fields hold them (dates as dayjs). */
function formValues(fields: SearchField[], values: SearchValues | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined
  const out: Record<string, unknown> = { ...values }
  for (const f of fields) {
    const v = values[f.name]
    if (f.type === 'date' && typeof v === 'string') out[f.name] = dayjs(v, DAY)
    if (f.type === 'dateRange' && Array.isArray(v)) out[f.name] = [dayjs(v[0], DAY), dayjs(v[1], DAY)]
  }
  return out
}

function field(f: SearchField, testId: string, t: (k: string, o?: Record<string, unknown>) => string) {
  const width = f.width ?? WIDTHS[f.type]
  const id = `${testId}-${f.name}`
  switch (f.type) {
    case 'text':
      return <Input allowClear placeholder={f.placeholder ?? t('search.input', { label: f.label })} style={{ width }} data-testid={id} />
    case 'number':
      return <InputNumber placeholder={f.placeholder} style={{ width }} data-testid={id} />
    case 'date':
      return <DatePicker format={DAY} placeholder={f.placeholder} style={{ width }} data-testid={id} />
    case 'dateRange':
      return <DatePicker.RangePicker format={DAY} placeholder={[t('search.from'), t('search.to')]} style={{ width }} data-testid={id} />
    case 'select':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={f.placeholder ?? t('search.select')}
          options={(f.options ?? []).map((o) => ({ value: o.value as string | number, label: o.label }))}
          style={{ width }}
          data-testid={id}
        />
      )
  }
}

/**
 * The search bar of list pages (spec 002 §2.5): text, number, date, date-range and select
 * fields, Search (also Enter in a field) and Reset (clears and searches). Labels are 130 px wide
 * under a 1720 px window.
 */
export function SearchBar({ fields, onSearch, onReset, testId, initialValues, extra }: SearchBarProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  const labelWidth = useLabelWidth()
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={formValues(fields, initialValues)}
      labelCol={labelWidth ? { flex: `0 0 ${labelWidth}px` } : undefined}
      labelWrap={!!labelWidth}
      onFinish={(raw: Record<string, unknown>) => onSearch(searchValues(fields, raw))}
      style={{ marginBottom: 12, rowGap: 8 }}
      data-testid={testId}
      data-label-width={labelWidth ?? 'auto'}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {field(f, testId, t)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-submit`}>
            {t('search.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields()
              form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])))
              onReset?.()
              onSearch({})
            }}
            data-testid={`${testId}-reset`}
          >
            {t('search.reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  )
}
