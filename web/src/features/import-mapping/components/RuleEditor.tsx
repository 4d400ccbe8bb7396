import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react'
import { Alert, Button, Checkbox, Input, Select, Space, Table, Tooltip, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { moveItem, newRow, takesValueMapping, type RuleRow, type RuleSource } from '../ruleRows'
import { ruleLimits, type RuleCell, type RuleProblems } from '../rules'
import { VALUE_TYPES, VALUE_TYPE_ENUMERATION, type DictionaryWithDetails, type ModuleField, type ValueType } from '../types'
import { ValueMappingDialog } from './ValueMappingDialog'

export interface RuleEditorProps {
  /** Rules read a spreadsheet column (import rule mappings) or a member path (form field mappings). */
  source: RuleSource
  rows: readonly RuleRow[]
  onChange: (rows: RuleRow[]) => void
  /** The fields the rules may target (the chosen module type's). */
  fields: readonly ModuleField[]
  /** Why no field can be chosen yet (no module type chosen), shown over the table. */
  fieldsHint?: string
  dictionaries: readonly DictionaryWithDetails[]
  dictionariesLoading?: boolean
  dictionariesFailed?: boolean
  /** The problems to show (after a save was tried, or as cells are left). */
  problems: RuleProblems
}

/**
 * The rules of a mapping, one table row per rule: where the value comes from (a column, shown
 * as its letters, or a source path), the target field (each field used by one rule only), the
 * value type, required, a default value and, for enumerations and booleans, the value mapping
 * (own pairs or a data dictionary, in a small dialog). Rows are added, removed and moved with
 * buttons a keyboard reaches; a new row takes the column after the last one used.
 */
export function RuleEditor({ source, rows, onChange, fields, fieldsHint, dictionaries, dictionariesLoading, dictionariesFailed, problems }: RuleEditorProps) {
  const { t } = useTranslation('import-mapping')
  const [added, setAdded] = useState<string | null>(null)
  const [mappingOf, setMappingOf] = useState<string | null>(null)

  const fieldLabel = useMemo(() => new Map(fields.map((f) => [f.name, f.displayName])), [fields])
  const dictName = useMemo(() => new Map(dictionaries.map((d) => [d.code, d.displayName])), [dictionaries])

  const update = (key: string, patch: Partial<RuleRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)))
  const add = () => {
    const row = newRow(rows)
    setAdded(row.key)
    onChange([...rows, row])
  }
  const remove = (key: string) => onChange(rows.filter((r) => r.key !== key))
  const move = (i: number, to: number) => onChange(moveItem(rows, i, to))

  const chooseField = (row: RuleRow, name: string | undefined) => {
    const f = fields.find((x) => x.name === name)
    const patch: Partial<RuleRow> = { fieldName: name ?? '' }
    // A field brings its own type, unless the rule reads it as an enumeration.
    if (f?.valueType !== undefined && row.valueType !== VALUE_TYPE_ENUMERATION) patch.valueType = f.valueType as ValueType
    update(row.key, patch)
  }

  const err = (row: RuleRow, cell: RuleCell): string | undefined => problems.rows[row.key]?.[cell]
  const withError = (row: RuleRow, cell: RuleCell, input: ReactNode) => {
    const e = err(row, cell)
    return (
      <>
        {input}
        {e ? (
          <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid="rule-error" data-cell={cell}>
            {e}
          </Typography.Text>
        ) : null}
      </>
    )
  }

  const mappingSummary = (row: RuleRow): string => {
    if (row.mappingKind === 'dictionary' && row.dictionaryCode)
      return t('mapping.summaryDictionary', { name: dictName.get(row.dictionaryCode) ?? row.dictionaryCode })
    if (row.mappingKind === 'inline' && row.itemsMapping.length) return t('mapping.summaryPairs', { count: row.itemsMapping.length })
    return t('mapping.summaryNone')
  }

  const columns: ColumnsType<RuleRow> = [
    {
      key: 'n',
      title: '#',
      width: 44,
      render: (_, _r, i) => <Typography.Text type="secondary">{i + 1}</Typography.Text>,
    },
    source === 'column'
      ? {
          key: 'column',
          title: t('rules.column'),
          width: 90,
          render: (_, r, i) =>
            withError(
              r,
              'column',
              <Input
                value={r.column}
                maxLength={4}
                autoFocus={added === r.key}
                status={err(r, 'column') ? 'error' : undefined}
                aria-label={t('rules.columnOf', { n: i + 1 })}
                placeholder="A"
                onChange={(e) => update(r.key, { column: e.target.value.toUpperCase().replace(/[^A-Z]/g, '') })}
                data-testid="rule-column"
              />,
            ),
        }
      : {
          key: 'sourceField',
          title: t('rules.sourceField'),
          width: 200,
          render: (_, r, i) =>
            withError(
              r,
              'sourceField',
              <Input
                value={r.sourceField}
                maxLength={ruleLimits.sourceField.maxLength}
                autoFocus={added === r.key}
                status={err(r, 'sourceField') ? 'error' : undefined}
                aria-label={t('rules.sourceFieldOf', { n: i + 1 })}
                placeholder={t('rules.sourceFieldPlaceholder')}
                onChange={(e) => update(r.key, { sourceField: e.target.value })}
                data-testid="rule-source"
              />,
            ),
        },
    {
      key: 'fieldName',
      title: t('rules.fieldName'),
      width: 200,
      render: (_, r, i) => {
        const usedElsewhere = new Set(rows.filter((o) => o.key !== r.key && o.fieldName).map((o) => o.fieldName))
        return withError(
          r,
          'fieldName',
          <Select
            showSearch
            style={{ width: '100%' }}
            value={r.fieldName || undefined}
            status={err(r, 'fieldName') ? 'error' : undefined}
            placeholder={t('rules.chooseField')}
            aria-label={t('rules.fieldOf', { n: i + 1 })}
            optionFilterProp="label"
            onChange={(v: string | undefined) => chooseField(r, v)}
            options={fields.map((f) => ({
              value: f.name,
              label: f.required ? `${f.displayName} *` : f.displayName,
              disabled: usedElsewhere.has(f.name),
              title: usedElsewhere.has(f.name) ? t('rules.fieldUsed', { field: f.displayName }) : f.displayName,
            }))}
            notFoundContent={t('rules.noFields')}
            data-testid="rule-field"
          />,
        )
      },
    },
    {
      key: 'valueType',
      title: t('rules.valueType'),
      width: 130,
      render: (_, r, i) => {
        // A field is read as its own type, or as an enumeration of it.
        const own = fields.find((f) => f.name === r.fieldName)?.valueType
        const types = own === undefined ? VALUE_TYPES : VALUE_TYPES.filter((v) => v === own || v === VALUE_TYPE_ENUMERATION || v === r.valueType)
        return withError(
          r,
          'valueType',
          <Select<ValueType>
            style={{ width: '100%' }}
            value={r.valueType}
            status={err(r, 'valueType') ? 'error' : undefined}
            aria-label={t('rules.valueTypeOf', { n: i + 1 })}
            onChange={(v) => update(r.key, { valueType: v })}
            options={types.map((v) => ({ value: v, label: t(`valueType.${v}`) }))}
            data-testid="rule-type"
          />,
        )
      },
    },
    {
      key: 'required',
      title: t('rules.required'),
      width: 70,
      align: 'center',
      render: (_, r, i) => {
        // A field every row must have is required whatever the rule says.
        const always = !!fields.find((f) => f.name === r.fieldName)?.required
        return (
          <Tooltip title={always ? t('rules.alwaysRequired') : undefined}>
            <Checkbox
              checked={always || r.required}
              disabled={always}
              aria-label={t('rules.requiredOf', { n: i + 1 })}
              onChange={(e) => update(r.key, { required: e.target.checked })}
              data-testid="rule-required"
            />
          </Tooltip>
        )
      },
    },
    {
      key: 'defaultValue',
      title: t('rules.defaultValue'),
      width: 140,
      render: (_, r, i) =>
        withError(
          r,
          'defaultValue',
          <Input
            value={r.defaultValue}
            maxLength={ruleLimits.defaultValue.maxLength}
            status={err(r, 'defaultValue') ? 'error' : undefined}
            aria-label={t('rules.defaultValueOf', { n: i + 1 })}
            onChange={(e) => update(r.key, { defaultValue: e.target.value })}
            data-testid="rule-default"
          />,
        ),
    },
    {
      key: 'mapping',
      title: t('rules.mapping'),
      width: 170,
      render: (_, r) =>
        takesValueMapping(r.valueType)
          ? withError(
              r,
              'mapping',
              <Button
                size="small"
                danger={!!err(r, 'mapping')}
                onClick={() => setMappingOf(r.key)}
                data-testid="rule-mapping"
                style={{ maxWidth: '100%' }}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{mappingSummary(r)}</span>
              </Button>,
            )
          : <Typography.Text type="secondary">–</Typography.Text>,
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 116,
      render: (_, r, i) => (
        <Space size={0}>
          <Tooltip title={t('rules.up')}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('rules.upOf', { n: i + 1 })} onClick={() => move(i, i - 1)} data-testid="rule-up" />
          </Tooltip>
          <Tooltip title={t('rules.down')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === rows.length - 1}
              aria-label={t('rules.downOf', { n: i + 1 })}
              onClick={() => move(i, i + 1)}
              data-testid="rule-down"
            />
          </Tooltip>
          <Tooltip title={t('rules.remove')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('rules.removeOf', { n: i + 1 })} onClick={() => remove(r.key)} data-testid="rule-remove" />
          </Tooltip>
        </Space>
      ),
    },
  ]

  const editing = rows.find((r) => r.key === mappingOf) ?? null

  return (
    <div data-testid="rule-editor">
      {fieldsHint ? <Alert type="info" showIcon title={fieldsHint} style={{ marginBottom: 8 }} /> : null}
      {problems.list ? <Alert type="error" showIcon title={problems.list} style={{ marginBottom: 8 }} data-testid="rules-problem" /> : null}
      <Table<RuleRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows as RuleRow[]}
        columns={columns}
        scroll={{ x: 'max-content', y: 320 }}
        locale={{ emptyText: t('rules.empty') }}
        onRow={(r, i) => ({ 'data-testid': 'rule-row', 'data-index': i, 'data-field': r.fieldName }) as HTMLAttributes<HTMLElement>}
        data-testid="rule-table"
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }} data-testid="rule-add">
        {t('rules.add')}
      </Button>
      <ValueMappingDialog
        row={editing}
        fieldLabel={editing ? (fieldLabel.get(editing.fieldName) ?? editing.fieldName) : ''}
        dictionaries={dictionaries}
        dictionariesLoading={dictionariesLoading}
        dictionariesFailed={dictionariesFailed}
        onClose={() => setMappingOf(null)}
        onApply={(m) => {
          if (editing) update(editing.key, m)
          setMappingOf(null)
        }}
      />
    </div>
  )
}
