import { useEffect, useMemo, useState } from 'react'
import { Alert, App, Col, Form, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { checkColumns } from '../checks'
import { columnMember, type DraftRow, type ServerProblem } from '../config'
import { ACTIONS, EXAMINE, type DetailActions } from '../types'
import { ColumnsEditor, fromColumnRows, toColumnRows, type ColumnRow } from './ColumnsEditor'

export interface TableDialogProps {
  /** The row to edit (a copy is edited; nothing changes until Apply). */
  row: DraftRow
  /** The title: the table and the selection it is edited for. */
  title: string
  /** What the server said about this row at the last Save. */
  problems: readonly ServerProblem[]
  /** The permission names columns and actions may be given. */
  policyNames: readonly string[]
  onApply: (row: DraftRow) => void
  onCancel: () => void
}

/** The server's messages of a row, by field of the dialog: the row's own fields, and by column uid. */
function placeProblems(problems: readonly ServerProblem[], columns: readonly ColumnRow[]) {
  const fields: Record<string, string> = {}
  const byColumn: Record<string, Record<string, string>> = {}
  for (const p of problems) {
    const col = columnMember(p.member)
    const target = col ? columns[col.index] : undefined
    const m = p.member ?? ''
    if (col && target) (byColumn[target.uid] ??= {})[col.field] ??= p.message
    else fields[m.startsWith('actions.') ? m : m.split(/[.[]/)[0]] ??= p.message
  }
  return { fields, byColumn }
}

/**
 * Edit one detail table for one selection: shown, required, sort, its columns and who may use
 * its actions. Formulas are checked as they are typed; the server's messages from the last
 * Save sit on the fields they name until the field changes. Apply keeps the edit in the page
 * (Save sends it).
 */
export function TableDialog({ row, title, problems, policyNames, onApply, onCancel }: TableDialogProps) {
  const { t, i18n } = useTranslation('detail-tables')
  const { message } = App.useApp()
  const [shown, setShown] = useState(row.shown)
  const [required, setRequired] = useState(row.required)
  const [sort, setSort] = useState(row.sort)
  const [columns, setColumns] = useState<ColumnRow[]>(() => toColumnRows(row.columns))
  const [actions, setActions] = useState<DetailActions>(() => ({ ...row.actions }))
  const [server, setServer] = useState(() => placeProblems(problems, columns))
  const isExamine = row.key === EXAMINE

  // Opened for what the server refused: the first column it names comes into view, its field focused.
  useEffect(() => {
    const first = columns.find((c) => server.byColumn[c.uid])
    if (!first) return
    const field = Object.keys(server.byColumn[first.uid])[0]
    const frame = requestAnimationFrame(() => {
      const rowEl = document.querySelector<HTMLElement>(`[data-column-uid="${first.uid}"]`)
      rowEl?.scrollIntoView?.({ block: 'nearest' })
      rowEl?.querySelector<HTMLElement>(`[data-testid="column-${field}"] input, input[data-testid="column-${field}"], input[data-field="${field}"]`)?.focus()
    })
    return () => cancelAnimationFrame(frame)
    // once, when the dialog opens
  }, [])

  const local = useMemo(() => checkColumns(columns, t, i18n.language), [columns, t, i18n.language])
  // Per column: its own problems as typed, else what the server said (until the field changes).
  const columnProblems = useMemo(() => {
    const out: Record<string, Record<string, string | undefined>> = {}
    columns.forEach((c, i) => {
      const merged = { ...(server.byColumn[c.uid] ?? {}), ...(local[i] ?? {}) }
      if (Object.keys(merged).length) out[c.uid] = merged
    })
    return out
  }, [columns, local, server.byColumn])

  const changeColumns = (next: ColumnRow[]) => {
    // A field changed loses the server's message about it.
    const byColumn: Record<string, Record<string, string>> = {}
    for (const c of next) {
      const before = columns.find((x) => x.uid === c.uid)
      const msgs = server.byColumn[c.uid]
      if (!msgs || !before) continue
      const kept = Object.fromEntries(Object.entries(msgs).filter(([f]) => JSON.stringify(before[f as keyof ColumnRow]) === JSON.stringify(c[f as keyof ColumnRow])))
      if (Object.keys(kept).length) byColumn[c.uid] = kept
    }
    setServer((s) => ({ ...s, byColumn }))
    setColumns(next)
  }
  const clearField = (f: string) => setServer((s) => ({ ...s, fields: Object.fromEntries(Object.entries(s.fields).filter(([k]) => k !== f)) }))

  const apply = () => {
    if (Object.keys(local).length) {
      message.error(t('dialog.fix'))
      return
    }
    onApply({ ...row, shown, required, sort, columns: isExamine ? [] : fromColumnRows(columns), actions })
  }

  const fieldError = (f: string) => (server.fields[f] ? { validateStatus: 'error' as const, help: server.fields[f] } : {})
  const otherMessages = Object.entries(server.fields)
    .filter(([f]) => !['shown', 'required', 'sort', ...ACTIONS.map((a) => `actions.${a}`)].includes(f))
    .map(([, m]) => m)

  return (
    <Modal
      open
      width={1200}
      title={title}
      onCancel={onCancel}
      onOk={apply}
      okText={t('dialog.apply')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'table-dialog-apply' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="table-dialog">
      {otherMessages.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={otherMessages.join(' ')} data-testid="table-dialog-errors" />
      ) : null}
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={8} md={4}>
            <Form.Item label={t('field.shown')} {...fieldError('shown')}>
              <Switch
                autoFocus
                checked={shown}
                onChange={(v) => {
                  setShown(v)
                  clearField('shown')
                }}
                aria-label={t('field.shown')}
                data-testid="table-shown"
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item label={t('field.required')} tooltip={t('field.requiredHelp')} {...fieldError('required')}>
              <Switch
                checked={required}
                onChange={(v) => {
                  setRequired(v)
                  clearField('required')
                }}
                aria-label={t('field.required')}
                data-testid="table-required"
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item label={t('field.sort')} {...fieldError('sort')}>
              <InputNumber
                min={0}
                max={9999}
                precision={0}
                value={sort}
                onChange={(v) => {
                  setSort(typeof v === 'number' ? v : 0)
                  clearField('sort')
                }}
                aria-label={t('field.sort')}
                data-testid="table-sort"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('dialog.columns')}
      </Typography.Title>
      {isExamine ? (
        <Typography.Paragraph type="secondary" data-testid="examine-no-columns">
          {t('dialog.examineNoColumns')}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('dialog.columnsHelp')}</Typography.Paragraph>
          <ColumnsEditor rows={columns} onChange={changeColumns} problems={columnProblems} policyNames={policyNames} />
        </>
      )}
      <Typography.Title level={5}>{t('dialog.actions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('dialog.actionsHelp')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          {ACTIONS.map((a) => (
            <Col xs={24} md={12} lg={8} key={a}>
              <Form.Item label={t(`action.${a}`)} {...fieldError(`actions.${a}`)}>
                <Select
                  mode="multiple"
                  allowClear
                  value={actions[a]}
                  placeholder={t('dialog.nobody')}
                  options={policyNames.map((n) => ({ value: n, label: n }))}
                  aria-label={t(`action.${a}`)}
                  onChange={(v: string[]) => {
                    setActions((s) => ({ ...s, [a]: v }))
                    clearField(`actions.${a}`)
                  }}
                  data-testid={`action-${a}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      </div>
    </Modal>
  )
}
