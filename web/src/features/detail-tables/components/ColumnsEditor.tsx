import { useEffect, useState, type HTMLAttributes } from 'react'
import { AutoComplete, Button, Input, InputNumber, Select, Space, Table, Tooltip, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { COLUMN_LIMITS, type ColumnProblems } from '../checks'
import { newUid } from '../config'
import { BUILTIN_FIELDS, WIDGETS, type DetailColumn } from '../types'

/** A column as edited: its key for React; its place is its order. */
export interface ColumnRow extends DetailColumn {
  uid: string
}

export const toColumnRows = (columns: readonly DetailColumn[]): ColumnRow[] => columns.map((c) => ({ ...c, uid: newUid() }))
export const fromColumnRows = (rows: readonly ColumnRow[]): DetailColumn[] => rows.map(({ uid: _uid, ...c }) => c)

export interface ColumnsEditorProps {
  rows: readonly ColumnRow[]
  onChange: (rows: ColumnRow[]) => void
  /** Per column (by uid), per field: the message to show under it. */
  problems: Record<string, ColumnProblems & Record<string, string | undefined>>
  /** The permission names a column may be given. */
  policyNames: readonly string[]
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list]
  const [item] = out.splice(from, 1)
  out.splice(to, 0, item)
  return out
}

/**
 * The columns of a detail table: key (a built-in field or a key of the line's values), display
 * name, title, width, default value, widget, formula (checked as it is typed) and the
 * permissions that see the column; added, removed and moved with buttons a keyboard reaches.
 */
export function ColumnsEditor({ rows, onChange, problems, policyNames }: ColumnsEditorProps) {
  const { t } = useTranslation('detail-tables')
  const [focus, setFocus] = useState<string | null>(null)
  const update = (uid: string, patch: Partial<ColumnRow>) => onChange(rows.map((r) => (r.uid === uid ? { ...r, ...patch } : r)))
  const add = () => {
    const uid = newUid()
    onChange([...rows, { uid, key: '' }])
    setFocus(uid)
  }

  // A new column's key input takes the focus, so a keyboard user types on.
  useEffect(() => {
    if (!focus) return
    const el = document.querySelector<HTMLInputElement>(`[data-column-uid="${focus}"] input[data-field="key"]`)
    if (el) {
      el.focus()
      setFocus(null)
    }
  }, [focus, rows])

  const used = new Set(rows.map((r) => r.key))
  const error = (uid: string, field: string) => {
    const msg = problems[uid]?.[field]
    return msg ? (
      <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={`column-error-${field}`} role="alert">
        {msg}
      </Typography.Text>
    ) : null
  }
  const status = (uid: string, field: string) => (problems[uid]?.[field] ? ('error' as const) : undefined)

  const columns: ColumnsType<ColumnRow> = [
    { key: 'no', title: '#', width: 44, render: (_v, _r, i) => i + 1 },
    {
      key: 'key',
      title: t('column.key'),
      width: 150,
      render: (_v, r, i) => (
        <>
          <AutoComplete
            style={{ width: '100%' }}
            value={r.key}
            status={status(r.uid, 'key')}
            options={BUILTIN_FIELDS.filter((f) => !used.has(f) && f.startsWith(r.key)).map((f) => ({ value: f, label: `${f} · ${t(`builtin.${f}`)}` }))}
            onChange={(v: string) => update(r.uid, { key: v })}
          >
            <Input maxLength={64} aria-label={t('column.keyOf', { n: i + 1 })} data-field="key" data-testid="column-key" />
          </AutoComplete>
          {error(r.uid, 'key')}
        </>
      ),
    },
    {
      key: 'displayName',
      title: t('column.displayName'),
      width: 140,
      render: (_v, r, i) => (
        <>
          <Input
            value={r.displayName ?? ''}
            maxLength={COLUMN_LIMITS.text}
            placeholder={(BUILTIN_FIELDS as readonly string[]).includes(r.key) ? t(`builtin.${r.key}`) : undefined}
            status={status(r.uid, 'displayName')}
            aria-label={t('column.displayNameOf', { n: i + 1 })}
            onChange={(e) => update(r.uid, { displayName: e.target.value })}
            data-testid="column-displayName"
          />
          {error(r.uid, 'displayName')}
        </>
      ),
    },
    {
      key: 'title',
      title: t('column.title'),
      width: 130,
      render: (_v, r, i) => (
        <>
          <Input
            value={r.title ?? ''}
            maxLength={COLUMN_LIMITS.text}
            status={status(r.uid, 'title')}
            aria-label={t('column.titleOf', { n: i + 1 })}
            onChange={(e) => update(r.uid, { title: e.target.value })}
            data-testid="column-title"
          />
          {error(r.uid, 'title')}
        </>
      ),
    },
    {
      key: 'displayWidth',
      title: t('column.displayWidth'),
      width: 96,
      render: (_v, r, i) => (
        <>
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            max={COLUMN_LIMITS.width}
            precision={0}
            value={r.displayWidth || null}
            status={status(r.uid, 'displayWidth')}
            aria-label={t('column.displayWidthOf', { n: i + 1 })}
            onChange={(v) => update(r.uid, { displayWidth: typeof v === 'number' ? v : 0 })}
            data-testid="column-displayWidth"
          />
          {error(r.uid, 'displayWidth')}
        </>
      ),
    },
    {
      key: 'defaultValue',
      title: t('column.defaultValue'),
      width: 110,
      render: (_v, r, i) => (
        <>
          <Input
            value={r.defaultValue ?? ''}
            maxLength={COLUMN_LIMITS.defaultValue}
            status={status(r.uid, 'defaultValue')}
            aria-label={t('column.defaultValueOf', { n: i + 1 })}
            onChange={(e) => update(r.uid, { defaultValue: e.target.value })}
            data-testid="column-defaultValue"
          />
          {error(r.uid, 'defaultValue')}
        </>
      ),
    },
    {
      key: 'widget',
      title: t('column.widget'),
      width: 120,
      render: (_v, r, i) => (
        <>
          <Select
            style={{ width: '100%' }}
            value={r.widget ?? ''}
            status={status(r.uid, 'widget')}
            aria-label={t('column.widgetOf', { n: i + 1 })}
            options={WIDGETS.map((w) => ({ value: w, label: t(`widget.${w || 'auto'}`) }))}
            onChange={(v: string) => update(r.uid, { widget: v })}
            data-testid="column-widget"
          />
          {error(r.uid, 'widget')}
        </>
      ),
    },
    {
      key: 'compute',
      title: t('column.compute'),
      width: 220,
      render: (_v, r, i) => (
        <>
          <Input
            value={r.compute ?? ''}
            maxLength={COLUMN_LIMITS.compute}
            status={status(r.uid, 'compute')}
            placeholder={t('column.computePlaceholder')}
            aria-label={t('column.computeOf', { n: i + 1 })}
            aria-invalid={!!problems[r.uid]?.compute}
            onChange={(e) => update(r.uid, { compute: e.target.value })}
            data-testid="column-compute"
            style={{ fontFamily: 'monospace' }}
          />
          {error(r.uid, 'compute')}
        </>
      ),
    },
    {
      key: 'permissions',
      title: t('column.permissions'),
      width: 220,
      render: (_v, r, i) => (
        <>
          <Select
            mode="multiple"
            allowClear
            style={{ width: '100%' }}
            value={r.permissions ?? []}
            status={status(r.uid, 'permissions')}
            placeholder={t('column.everyone')}
            options={policyNames.map((n) => ({ value: n, label: n }))}
            aria-label={t('column.permissionsOf', { n: i + 1 })}
            onChange={(v: string[]) => update(r.uid, { permissions: v })}
            data-testid="column-permissions"
          />
          {error(r.uid, 'permissions')}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 104,
      fixed: 'right',
      render: (_v, r, i) => (
        <Space size={0}>
          <Tooltip title={t('column.up')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={t('column.upOf', { n: i + 1 })}
              onClick={() => onChange(move(rows, i, i - 1))}
              data-testid="column-up"
            />
          </Tooltip>
          <Tooltip title={t('column.down')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === rows.length - 1}
              aria-label={t('column.downOf', { n: i + 1 })}
              onClick={() => onChange(move(rows, i, i + 1))}
              data-testid="column-down"
            />
          </Tooltip>
          <Tooltip title={t('column.remove')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('column.removeOf', { n: i + 1 })}
              onClick={() => onChange(rows.filter((x) => x.uid !== r.uid))}
              data-testid="column-remove"
            />
          </Tooltip>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="columns-editor">
      <Table<ColumnRow>
        size="small"
        rowKey="uid"
        pagination={false}
        dataSource={rows as ColumnRow[]}
        columns={columns}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: t('column.empty') }}
        onRow={(r, i) => ({ 'data-testid': 'column-row', 'data-index': i, 'data-key': r.key, 'data-column-uid': r.uid }) as HTMLAttributes<HTMLElement>}
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }} data-testid="column-add">
        {t('column.add')}
      </Button>
    </div>
  )
}
