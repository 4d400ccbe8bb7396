import { useState } from 'react'
import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Select, Switch, Table, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { useSettingsMutations, type ImportFileSetting, type ImportFileSettingBody } from '../api'
import { CUT_LIST_FIELDS, columnLetter, missingFields, nextColumn, rowProblems, type CutListField, type DetailRow } from '../fields'
import { sortSaveErrors } from '../serverErrors'

export interface ImportSettingDialogProps {
  /** The setting to edit, `{}` to create one, null when closed. */
  row: Partial<ImportFileSetting> | null
  onClose: () => void
}

interface FormValues {
  name: string
  fileType: number
  headerRows: number
  encoding: number
  isDefault: boolean
  remark: string
}

const FORM_FIELDS = new Set(['name', 'fileType', 'headerRows', 'encoding', 'isDefault', 'remark'])
let rowSeq = 0
const newKey = () => `r${++rowSeq}`

function toRows(s: Partial<ImportFileSetting>): DetailRow[] {
  return (s.details ?? []).map((d) => ({ key: newKey(), columnIndex: d.columnIndex, field: d.field as CutListField, title: d.title }))
}

/**
 * Create or edit an import-file setting with its columns: an editable table of column, field and
 * title, saved with the setting in one call (the server replaces the columns in one transaction).
 * The required fields not yet mapped are listed; the server's messages show on their fields and rows.
 */
export function ImportSettingDialog({ row, onClose }: ImportSettingDialogProps) {
  const { t } = useTranslation('optimization-settings')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const { saveImportSetting } = useSettingsMutations()
  const [rows, setRows] = useState<DetailRow[]>([])
  const [rowErrors, setRowErrors] = useState<Record<number, Record<string, string>>>({})
  const [notice, setNotice] = useState<string | null>(null)
  const fileType = Form.useWatch('fileType', form)
  const editing = !!row?.id
  const designJson = fileType === 2

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue({
      name: r.name ?? '',
      fileType: r.fileType ?? 0,
      headerRows: r.headerRows ?? 1,
      encoding: r.encoding || 3,
      isDefault: r.isDefault ?? false,
      remark: r.remark ?? '',
    })
    setRows(toRows(r))
    setRowErrors({})
    setNotice(null)
  })

  const missing = designJson ? [] : missingFields(rows)
  const localProblems = rowProblems(rows)
  const setRow = (i: number, patch: Partial<DetailRow>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)))
    setRowErrors((e) => {
      const next = { ...e }
      delete next[i]
      return next
    })
  }

  const save = async () => {
    let values: FormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    if (!designJson && Object.keys(localProblems).length > 0) {
      const errs: Record<number, Record<string, string>> = {}
      for (const [i, p] of Object.entries(localProblems)) errs[Number(i)] = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, t(v)]))
      setRowErrors(errs)
      return
    }
    const body: ImportFileSettingBody = {
      ...values,
      name: values.name.trim(),
      remark: values.remark?.trim() ?? '',
      details: designJson ? [] : rows.map((r) => ({ columnIndex: r.columnIndex ?? 0, field: r.field, title: r.title.trim() })),
    }
    try {
      await saveImportSetting.mutateAsync({ id: row?.id, body, concurrencyStamp: row?.concurrencyStamp })
      message.success(t('saved'))
      onClose()
    } catch (e) {
      const sorted = sortSaveErrors(e, FORM_FIELDS, tApp)
      form.setFields(Object.entries(sorted.fields).map(([name, msg]) => ({ name: name as keyof FormValues, errors: [msg] })))
      setRowErrors(sorted.rows)
      setNotice(sorted.message)
    }
  }

  const fieldOptions = CUT_LIST_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))
  const err = (i: number, member: string) => rowErrors[i]?.[member]

  return (
    <SaveModal
      open={!!row}
      title={editing ? t('import.editTitle') : t('import.createTitle')}
      width={820}
      saving={saveImportSetting.isPending}
      onCancel={onClose}
      onSave={() => void save()}
      saveTestId="import-setting-save"
    >
      <Form form={form} layout="vertical" data-testid="import-setting-form" onFinish={() => void save()}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('rules.required', { label: t('name') }) }, { max: 64 }]}>
              <Input data-testid="import-setting-name" maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="fileType" label={t('import.fileType')}>
              <Select data-testid="import-setting-file-type" options={[0, 1, 2].map((v) => ({ value: v, label: t(`import.fileTypes.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="isDefault" label={t('isDefault')} valuePropName="checked" extra={missing.length > 0 ? t('import.defaultNeedsFields') : undefined}>
              <Switch data-testid="import-setting-default" />
            </Form.Item>
          </Col>
        </Row>
        {!designJson ? (
          <Row gutter={12}>
            <Col span={6}>
              <Form.Item name="headerRows" label={t('import.headerRows')}>
                <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid="import-setting-header-rows" />
              </Form.Item>
            </Col>
            {fileType === 1 ? (
              <Col span={6}>
                <Form.Item name="encoding" label={t('import.encoding')}>
                  <Select options={[3, 1, 2].map((v) => ({ value: v, label: t(`import.encodings.${v}`) }))} data-testid="import-setting-encoding" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        ) : null}
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 256 }]}>
          <Input maxLength={256} />
        </Form.Item>
      </Form>
      {notice ? <Alert type="error" showIcon title={notice} style={{ marginBottom: 8 }} data-testid="import-setting-notice" /> : null}
      {designJson ? (
        <Typography.Text type="secondary">{t('import.designJson')}</Typography.Text>
      ) : (
        <>
          {missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              data-testid="import-setting-missing"
              title={t('import.missing', { list: missing.map((f) => t(`fields.${f}`)).join(t('listSeparator')) })}
            />
          ) : null}
          <Table<DetailRow>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('detail.empty') }}
            data-testid="import-setting-details"
            columns={[
              {
                title: t('detail.columnIndex'),
                width: 150,
                render: (_v, r, i) => (
                  <Form.Item validateStatus={err(i, 'columnIndex') ? 'error' : undefined} help={err(i, 'columnIndex')} style={{ margin: 0 }}>
                    <InputNumber
                      min={0}
                      max={16383}
                      precision={0}
                      value={r.columnIndex}
                      onChange={(v) => setRow(i, { columnIndex: v ?? null })}
                      addonAfter={columnLetter(r.columnIndex ?? -1) || '-'}
                      data-testid="detail-column"
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('detail.field'),
                width: 200,
                render: (_v, r, i) => (
                  <Form.Item validateStatus={err(i, 'field') ? 'error' : undefined} help={err(i, 'field')} style={{ margin: 0 }}>
                    <Select<CutListField>
                      value={r.field || undefined}
                      options={fieldOptions}
                      onChange={(v) => setRow(i, { field: v })}
                      style={{ width: '100%' }}
                      data-testid="detail-field"
                      showSearch={{ optionFilterProp: 'label' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('detail.title'),
                render: (_v, r, i) => (
                  <Form.Item validateStatus={err(i, 'title') ? 'error' : undefined} help={err(i, 'title')} style={{ margin: 0 }}>
                    <Input
                      value={r.title}
                      maxLength={64}
                      placeholder={r.field ? t(`fields.${r.field}`) : t('detail.titlePlaceholder')}
                      onChange={(e) => setRow(i, { title: e.target.value })}
                      data-testid="detail-title"
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('actions'),
                width: 70,
                render: (_v, _r, i) => (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('detail.remove')}
                    onClick={() => {
                      setRows((rs) => rs.filter((_x, j) => j !== i))
                      setRowErrors({})
                    }}
                    data-testid="detail-remove"
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => setRows((rs) => [...rs, { key: newKey(), columnIndex: nextColumn(rs), field: missingFields(rs)[0] ?? '', title: '' }])}
            data-testid="detail-add"
          >
            {t('detail.add')}
          </Button>
        </>
      )}
    </SaveModal>
  )
}
