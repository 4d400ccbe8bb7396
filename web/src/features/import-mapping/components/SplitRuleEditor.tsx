import type { HTMLAttributes } from 'react'
import { Button, Input, Select, Space, Table, Tooltip, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { moveItem } from '../ruleRows'
import { operatorTakesValue, splitRuleLimits, type SplitProblems } from '../rules'
import { LINE_TYPES, SPLIT_OPERATORS, type LineType, type ModuleField, type SplitOperator, type SplitRule } from '../types'

/** A split rule as edited: its key for React; order follows from its place. */
export interface SplitRow extends SplitRule {
  key: string
}

export interface SplitRuleEditorProps {
  rows: readonly SplitRow[]
  onChange: (rows: SplitRow[]) => void
  /** The fields a rule may test (those of the sales-order lines). */
  fields: readonly ModuleField[]
  problems: SplitProblems
}

let next = 0
export const splitRowKey = () => `split-${++next}`

/** Rows numbered by their place (the first rule a row matches decides, so order matters). */
export function renumber(rows: readonly SplitRow[]): SplitRow[] {
  return rows.map((r, i) => ({ ...r, order: i + 1 }))
}

/**
 * The rules of a split mapping, tried in order (the first a row matches gives its line type):
 * field, operator, the value compared (not asked for "is empty" and "is not empty"), line type;
 * moved up and down with buttons a keyboard reaches.
 */
export function SplitRuleEditor({ rows, onChange, fields, problems }: SplitRuleEditorProps) {
  const { t } = useTranslation('import-mapping')
  const update = (key: string, patch: Partial<SplitRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)))
  const add = () =>
    onChange(renumber([...rows, { key: splitRowKey(), order: rows.length + 1, fieldName: '', operator: 'equals', value: '', lineType: 'product' }]))
  const move = (from: number, to: number) => onChange(renumber(moveItem(rows, from, to)))
  const remove = (key: string) => onChange(renumber(rows.filter((r) => r.key !== key)))

  const error = (i: number, cell: 'fieldName' | 'value') =>
    problems[i]?.[cell] ? (
      <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid="split-error">
        {problems[i]?.[cell]}
      </Typography.Text>
    ) : null

  const columns: ColumnsType<SplitRow> = [
    { key: 'order', title: t('split.order'), width: 60, render: (_, _r, i) => <span data-testid="split-order">{i + 1}</span> },
    {
      key: 'fieldName',
      title: t('split.fieldName'),
      width: 220,
      render: (_, r, i) => (
        <>
          <Select
            showSearch
            style={{ width: '100%' }}
            value={r.fieldName || undefined}
            status={problems[i]?.fieldName ? 'error' : undefined}
            options={fields.map((f) => ({ value: f.name, label: f.displayName }))}
            optionFilterProp="label"
            onChange={(v: string) => update(r.key, { fieldName: v })}
            aria-label={t('split.fieldOf', { n: i + 1 })}
            placeholder={t('split.fieldPlaceholder')}
            data-testid="split-field"
          />
          {error(i, 'fieldName')}
        </>
      ),
    },
    {
      key: 'operator',
      title: t('split.operator'),
      width: 150,
      render: (_, r, i) => (
        <Select<SplitOperator>
          style={{ width: '100%' }}
          value={r.operator}
          aria-label={t('split.operatorOf', { n: i + 1 })}
          options={SPLIT_OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))}
          onChange={(v) => update(r.key, operatorTakesValue(v) ? { operator: v } : { operator: v, value: '' })}
          data-testid="split-operator"
        />
      ),
    },
    {
      key: 'value',
      title: t('split.value'),
      width: 180,
      render: (_, r, i) =>
        operatorTakesValue(r.operator) ? (
          <>
            <Input
              value={r.value ?? ''}
              status={problems[i]?.value ? 'error' : undefined}
              maxLength={splitRuleLimits.value.maxLength}
              aria-label={t('split.valueOf', { n: i + 1 })}
              onChange={(e) => update(r.key, { value: e.target.value })}
              data-testid="split-value"
            />
            {error(i, 'value')}
          </>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'lineType',
      title: t('split.lineType'),
      width: 150,
      render: (_, r, i) => (
        <Select<LineType>
          style={{ width: '100%' }}
          value={r.lineType}
          aria-label={t('split.lineTypeOf', { n: i + 1 })}
          options={LINE_TYPES.map((l) => ({ value: l, label: t(`lineType.${l}`) }))}
          onChange={(v) => update(r.key, { lineType: v })}
          data-testid="split-lineType"
        />
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 116,
      render: (_, r, i) => (
        <Space size={0}>
          <Tooltip title={t('rules.up')}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('rules.upOf', { n: i + 1 })} onClick={() => move(i, i - 1)} data-testid="split-up" />
          </Tooltip>
          <Tooltip title={t('rules.down')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === rows.length - 1}
              aria-label={t('rules.downOf', { n: i + 1 })}
              onClick={() => move(i, i + 1)}
              data-testid="split-down"
            />
          </Tooltip>
          <Tooltip title={t('rules.remove')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('rules.removeOf', { n: i + 1 })} onClick={() => remove(r.key)} data-testid="split-remove" />
          </Tooltip>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="split-editor">
      <Table<SplitRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows as SplitRow[]}
        columns={columns}
        scroll={{ x: 'max-content', y: 320 }}
        locale={{ emptyText: t('split.empty') }}
        onRow={(r, i) => ({ 'data-testid': 'split-row', 'data-index': i, 'data-field': r.fieldName }) as HTMLAttributes<HTMLElement>}
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }} data-testid="split-add">
        {t('split.add')}
      </Button>
    </div>
  )
}
