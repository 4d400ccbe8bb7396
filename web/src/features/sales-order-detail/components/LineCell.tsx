import { Input, InputNumber, Switch, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ExprError } from '../../../components/expr'
import { cellValue, computeErrorText, effectiveValue, filesOf, isComputed, widgetOf, type LineDraft } from '../lines'
import type { DetailColumn, LineFile } from '../types'
import { LineFilesCell } from './LineFilesCell'

function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return null
}

/** A number as the tables show it: up to 4 places, no trailing zeros. */
export function formatNumber(v: unknown): string {
  const n = asNumber(v)
  if (n === null) return ''
  return n.toLocaleString(undefined, { maximumFractionDigits: 4, useGrouping: false })
}

export interface LineCellProps {
  column: DetailColumn
  line: LineDraft
  /** The row is in edit mode and the user may change this column. */
  editing: boolean
  disabled?: boolean
  error?: ExprError
  onChange: (value: unknown) => void
  /** What a file column needs: the order, whether the user may upload, and the line's file changes. */
  files?: {
    orderId: string
    canUpload: boolean
    onAdded: (files: LineFile[]) => void
    onRemoved: (fileId: string) => void
  }
}

/**
 * One cell of a detail line: read-only text, or in edit mode the column's widget (number,
 * switch, text, or the line's files). Computed columns are never edited; a failed expression
 * shows a dash with the reason.
 */
export function LineCell({ column, line, editing, disabled, error, onChange, files }: LineCellProps) {
  const { i18n } = useTranslation()
  const { t } = useTranslation('sales-order-detail')
  const raw = cellValue(line, column.key)
  const widget = widgetOf(column)
  const testId = `cell-${column.key}`

  if (isComputed(column)) {
    if (error)
      return (
        <Tooltip title={computeErrorText(error, i18n.language)}>
          <Typography.Text type="danger" data-testid={testId} data-error="true">
            —
          </Typography.Text>
        </Tooltip>
      )
    return <span data-testid={testId}>{formatNumber(raw)}</span>
  }

  if (widget === 'file')
    return (
      <LineFilesCell
        orderId={files?.orderId ?? ''}
        files={filesOf(raw)}
        editing={editing && !!files}
        disabled={disabled}
        canUpload={!!files?.canUpload}
        onAdded={(fs) => files?.onAdded(fs)}
        onRemoved={(id) => files?.onRemoved(id)}
        testId={testId}
        label={column.title || column.displayName || column.key}
      />
    )

  if (!editing) {
    if (widget === 'boolean') return <span data-testid={testId}>{effectiveValue(column, raw) ? t('yes') : t('no')}</span>
    if (widget === 'number') return <span data-testid={testId}>{formatNumber(raw)}</span>
    return <span data-testid={testId}>{raw === null || raw === undefined ? '' : String(raw)}</span>
  }

  switch (widget) {
    case 'number':
      return (
        <InputNumber
          size="small"
          value={asNumber(raw)}
          disabled={disabled}
          placeholder="1"
          onChange={(v) => onChange(v ?? null)}
          style={{ width: '100%' }}
          data-testid={testId}
          aria-label={column.title || column.displayName || column.key}
        />
      )
    case 'boolean':
      return (
        <Switch
          size="small"
          checked={effectiveValue(column, raw) === true}
          disabled={disabled}
          onChange={(v) => onChange(v)}
          data-testid={testId}
          aria-label={column.title || column.displayName || column.key}
        />
      )
    default:
      return (
        <Input
          size="small"
          value={raw === null || raw === undefined ? '' : String(raw)}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          aria-label={column.title || column.displayName || column.key}
        />
      )
  }
}
