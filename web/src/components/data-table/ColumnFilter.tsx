import { useState } from 'react'
import { Button, DatePicker, Input, InputNumber, Select, Space } from 'antd'
import { FilterFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import dayjs, { type Dayjs } from 'dayjs'
import { isFilterActive, type FilterKind, type FilterValue } from './columns'

const DAY = 'YYYY-MM-DD'

export interface ColumnFilterPanelProps {
  kind: FilterKind
  title: string
  value: FilterValue | undefined
  /** The new filter of the column (undefined: none), then the dropdown closes. */
  onApply: (value: FilterValue | undefined) => void
  /** Prefix of the test ids: `<id>-panel`, `<id>-input` (text, boolean), `<id>-min`, `<id>-max`, `<id>-range`, `<id>-apply`, `<id>-clear`. */
  testId: string
}

function toDay(v: string | null | undefined): Dayjs | null {
  return v ? dayjs(v, DAY) : null
}

/** The filter of one column header: a text, a number range, a date range or yes/no; Enter applies. */
export function ColumnFilterPanel({ kind, title, value, onApply, testId }: ColumnFilterPanelProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<FilterValue | undefined>(value)
  const apply = () => onApply(isFilterActive(kind, draft) ? draft : undefined)
  const pair = Array.isArray(draft) ? draft : [null, null]

  let field
  switch (kind) {
    case 'text':
      field = (
        <Input
          autoFocus
          allowClear
          placeholder={t('table.filter.text', { title })}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={apply}
          style={{ width: 200 }}
          data-testid={`${testId}-input`}
        />
      )
      break
    case 'number':
      field = (
        <Space.Compact>
          <InputNumber<number>
            autoFocus
            placeholder={t('table.filter.min')}
            value={typeof pair[0] === 'number' ? pair[0] : null}
            onChange={(v) => setDraft([typeof v === 'number' ? v : null, typeof pair[1] === 'number' ? pair[1] : null])}
            onPressEnter={apply}
            style={{ width: 110 }}
            data-testid={`${testId}-min`}
          />
          <InputNumber<number>
            placeholder={t('table.filter.max')}
            value={typeof pair[1] === 'number' ? pair[1] : null}
            onChange={(v) => setDraft([typeof pair[0] === 'number' ? pair[0] : null, typeof v === 'number' ? v : null])}
            onPressEnter={apply}
            style={{ width: 110 }}
            data-testid={`${testId}-max`}
          />
        </Space.Compact>
      )
      break
    case 'dateRange':
      field = (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={DAY}
          placeholder={[t('table.filter.from'), t('table.filter.to')]}
          value={[toDay(typeof pair[0] === 'string' ? pair[0] : null), toDay(typeof pair[1] === 'string' ? pair[1] : null)]}
          onChange={(d) => setDraft([d?.[0]?.format(DAY) ?? null, d?.[1]?.format(DAY) ?? null])}
          getPopupContainer={(node) => node.parentElement ?? document.body}
          data-testid={`${testId}-range`}
        />
      )
      break
    case 'boolean':
      field = (
        <Select<string>
          allowClear
          placeholder={t('table.filter.any')}
          value={typeof draft === 'boolean' ? String(draft) : undefined}
          onChange={(v) => setDraft(v === undefined ? undefined : v === 'true')}
          options={[
            { value: 'true', label: t('table.filter.yes') },
            { value: 'false', label: t('table.filter.no') },
          ]}
          getPopupContainer={(node) => node.parentElement ?? document.body}
          style={{ width: 140 }}
          data-testid={`${testId}-input`}
        />
      )
      break
  }

  return (
    <div style={{ padding: 8 }} onKeyDown={(e) => e.stopPropagation()} data-testid={`${testId}-panel`}>
      <div style={{ marginBottom: 8 }}>{field}</div>
      <Space>
        <Button type="primary" size="small" onClick={apply} data-testid={`${testId}-apply`}>
          {t('table.filter.apply')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDraft(undefined)
            onApply(undefined)
          }}
          data-testid={`${testId}-clear`}
        >
          {t('table.filter.clear')}
        </Button>
      </Space>
    </div>
  )
}

/** The header's filter icon: filled in the theme colour while the column is filtered. */
export function FilterIcon({ active, testId }: { active: boolean; testId: string }) {
  return <FilterFilled style={{ color: active ? 'var(--ant-color-primary, #1677ff)' : undefined }} data-testid={testId} data-active={active || undefined} />
}
