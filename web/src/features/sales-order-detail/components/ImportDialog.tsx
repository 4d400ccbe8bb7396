import { useState } from 'react'
import { Alert, App, Button, Form, Modal, Select, Upload } from 'antd'
import type { UploadFile } from 'antd/es/upload'
import { InboxOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../../components'
import { importSplitOrder, mappingRulesQuery, splitMappingsQuery } from '../api'
import type { ImportResult, LineTableKey, MappingOption } from '../types'

/** True for the only spreadsheet the import takes: a .xlsx file (spec 000 §5). */
export function isXlsx(name: string): boolean {
  return /\.xlsx$/i.test(name.trim())
}

/** One problem of a refused import: the row and column when the server names them, and its message. */
export interface ImportProblem {
  row?: number
  column?: string
  message: string
}

/** Where a validation error points: its member is the cell's reference, `B3` (column B, row 3). */
function locate(members: readonly string[] | null | undefined): Pick<ImportProblem, 'row' | 'column'> {
  for (const m of members ?? []) {
    const cell = /^([A-Za-z]{1,3})(\d+)$/.exec(m)
    if (cell) return { column: cell[1].toUpperCase(), row: Number(cell[2]) }
  }
  return {}
}

/** The problems a failed import answered: one per row error the server listed, else its message. */
export function importProblems(e: unknown, t: (key: string) => string): ImportProblem[] {
  if (!(e instanceof HttpError)) return [{ message: e instanceof Error ? e.message : String(e) }]
  const data = e.data as { error?: { validationErrors?: { message?: string; members?: string[] }[] | null } } | undefined
  const list = (data?.error?.validationErrors ?? []).filter((v) => v.message)
  if (list.length) return list.map((v) => ({ ...locate(v.members), message: v.message as string }))
  return [{ message: errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, t).message }]
}

export interface ImportDialogProps {
  open: boolean
  orderId: string
  /** The tab the dialog was opened from: its module type's mappings are listed first. */
  table: LineTableKey
  onClose: () => void
  /** Saves pending edits first; false stops the import. */
  prepare: () => Promise<boolean>
  onImported: () => Promise<unknown> | void
}

const MODULE_TYPE_OF: Partial<Record<LineTableKey, number>> = { product: 1, matter: 2, standardProduct: 3 }

interface Values {
  ruleMappingId?: string
  splitMappingId?: string
}

/**
 * The import-Excel dialog (spec 000 §2, §5): a rules mapping (module types 1–3) and a split-order
 * import configuration, both required, and exactly one .xlsx; the server reads every row through
 * the mapping, splits them into the line tables and adds all or none. A refused file lists the
 * server's row and column errors.
 */
export function ImportDialog({ open, orderId, table, onClose, prepare, onImported }: ImportDialogProps) {
  const { t } = useTranslation('sales-order-detail')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [problems, setProblems] = useState<ImportProblem[]>([])
  const [importing, setImporting] = useState(false)
  const rules = useQuery({ ...mappingRulesQuery(), enabled: open })
  const splits = useQuery({ ...splitMappingsQuery(), enabled: open })

  const mine = MODULE_TYPE_OF[table]
  const ruleOptions = [...(rules.data ?? [])]
    .sort((a, b) => Number(b.moduleType === mine) - Number(a.moduleType === mine))
    .map((m: MappingOption) => ({ value: m.id, label: `${m.name}${m.moduleType ? ` (${t(`import.moduleType.${m.moduleType}`)})` : ''}` }))
  const splitOptions = (splits.data ?? []).map((m) => ({ value: m.id, label: m.name }))

  const reset = () => {
    setFiles([])
    setProblems([])
    form.resetFields()
  }

  const confirm = async () => {
    if (importing) return
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const file = files.length === 1 ? files[0].originFileObj : undefined
    if (!file) {
      message.error(files.length > 1 ? t('import.oneFile') : t('import.chooseFile'))
      return
    }
    setProblems([])
    setImporting(true)
    try {
      if (!(await prepare())) return
      const r: ImportResult = await importSplitOrder(orderId, values.ruleMappingId as string, values.splitMappingId as string, file)
      const added = r?.added ?? {}
      message.success(t('import.done', { product: added.product ?? 0, matter: added.matter ?? 0, standardProduct: added.standardProduct ?? 0 }))
      onClose()
      await onImported()
    } catch (e) {
      setProblems(importProblems(e, tApp))
    } finally {
      setImporting(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      afterOpenChange={(o) => !o && reset()}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={importing} onClick={() => void confirm()} data-testid="import-confirm">
          {t('confirm')}
        </Button>,
      ]}
    >
      <div data-testid="import-dialog">
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item name="ruleMappingId" label={t('import.ruleMapping')} rules={[{ required: true, message: t('import.ruleMappingRequired') }]}>
            <Select
              options={ruleOptions}
              loading={rules.isPending}
              placeholder={t('import.choose')}
              notFoundContent={t('import.noRuleMappings')}
              data-testid="import-rule-mapping"
            />
          </Form.Item>
          <Form.Item name="splitMappingId" label={t('import.splitMapping')} rules={[{ required: true, message: t('import.splitMappingRequired') }]}>
            <Select
              options={splitOptions}
              loading={splits.isPending}
              placeholder={t('import.choose')}
              notFoundContent={t('import.noSplitMappings')}
              data-testid="import-split-mapping"
            />
          </Form.Item>
          <Form.Item label={t('import.file')} required>
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              maxCount={1}
              fileList={files}
              beforeUpload={(file) => {
                if (!isXlsx(file.name)) {
                  message.error(t('import.onlyXlsx'))
                  return Upload.LIST_IGNORE
                }
                return false // kept until Confirm
              }}
              onChange={({ fileList }) => {
                setFiles(fileList.slice(-1))
                setProblems([])
              }}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('import.drop')}</p>
              <p className="ant-upload-hint">{t('import.hint')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
        {problems.length ? (
          <Alert
            type="error"
            showIcon
            title={t('import.failed', { count: problems.length })}
            data-testid="import-errors"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflow: 'auto' }}>
                {problems.map((p, i) => (
                  <li key={i} data-testid="import-error" data-row={p.row} data-column={p.column}>
                    {/* The server's message names the row, the column and the field, in the user's language. */}
                    {p.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
      </div>
    </Modal>
  )
}
