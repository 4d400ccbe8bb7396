import { useRef } from 'react'
import { App, Button, Checkbox, Col, Divider, Form, Input, Row, Space, Tag, Tooltip, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { newDetailRow, toDictionaryForm, useDataDictionaryMutations, type Dictionary, type DictionaryFormValues } from '../api'
import { codeRules, detailLimits, detailListProblems, dictionaryLimits, maxRule, requiredRule } from '../rules'
import { splitSaveError, type FieldPath } from './serverErrors'

export interface DictionaryDialogProps {
  /** The dictionary to edit, `{}` to create one, null when closed. */
  row: Partial<Dictionary> | null
  onClose: () => void
  /** A dictionary was saved. */
  onSaved?: (saved: Dictionary) => void
}

const TOP = new Set(['code', 'displayName', 'description'])
const ROW = new Set(['code', 'label', 'value', 'isDefault', 'order', 'isEnable', 'description'])

/**
 * Create or edit a data dictionary. A new one may carry its first items, saved with it in one
 * transaction. A built-in dictionary keeps its code. Enter in a one-line field saves; the
 * server's messages show on their fields (an item's on its row).
 */
export function DictionaryDialog({ row, onClose, onSaved }: DictionaryDialogProps) {
  const { t } = useTranslation('data-dictionary')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<DictionaryFormValues>()
  const { saveDictionary } = useDataDictionaryMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const isStatic = !!row?.isStatic

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toDictionaryForm(r))
  })

  const known = (name: FieldPath) =>
    typeof name === 'string' ? TOP.has(name) : !editing && name[0] === 'details' && ROW.has(String(name[2]))

  const submit = async () => {
    if (!row || busy.current) return
    let values: DictionaryFormValues
    try {
      values = await form.validateFields()
    } catch {
      return // the form shows what is wrong
    }
    const problems = editing ? [] : detailListProblems(values.details ?? [])
    if (problems.length) {
      form.setFields(problems.map((p) => ({ name: ['details', p.index, p.field], errors: [t(p.key)] })))
      return
    }
    busy.current = true
    try {
      const saved = await saveDictionary.mutateAsync({ id: row.id, values, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onSaved?.(saved)
      onClose()
    } catch (e) {
      const { fields, message: rest } = splitSaveError(e, known, tApp)
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0])
      if (rest) message.error(rest)
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()

  return (
    <SaveModal
      open={!!row}
      width={editing ? 560 : 880}
      title={
        <Space>
          {t(editing ? 'editTitle' : 'createTitle')}
          {isStatic ? (
            <Tooltip title={t('staticCodeHint')}>
              <Tag color="orange">{t('static')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      }
      saving={saveDictionary.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="dictionary-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="dictionary-dialog" initialValues={toDictionaryForm({})}>
        <Row gutter={16}>
          <Col xs={24} sm={editing ? 24 : 12}>
            <Form.Item
              name="code"
              label={t('field.code')}
              tooltip={isStatic ? t('staticCodeHint') : undefined}
              rules={isStatic ? [] : codeRules(t, t('field.code'), dictionaryLimits.code.maxLength)}
            >
              <Input disabled={isStatic} autoFocus={!isStatic} onPressEnter={enter} data-testid="dictionary-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={editing ? 24 : 12}>
            <Form.Item
              name="displayName"
              label={t('field.displayName')}
              rules={[requiredRule(t, t('field.displayName')), maxRule(t, dictionaryLimits.displayName.maxLength)]}
            >
              <Input autoFocus={isStatic} onPressEnter={enter} data-testid="dictionary-form-displayName" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('field.description')} rules={[maxRule(t, dictionaryLimits.description.maxLength)]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="dictionary-form-description" />
            </Form.Item>
          </Col>
        </Row>
        {editing ? null : <DetailRows enter={enter} />}
      </Form>
    </SaveModal>
  )
}

/** The items of a new dictionary: code, label, value and default per row. */
function DetailRows({ enter }: { enter: () => void }) {
  const { t } = useTranslation('data-dictionary')
  const form = Form.useFormInstance<DictionaryFormValues>()
  return (
    <>
      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        {t('dialog.detailsSection')}
      </Divider>
      <Form.List name="details">
        {(rows, { add, remove }) => (
          <div data-testid="dictionary-form-details">
            {rows.length ? (
              <Row gutter={8} style={{ marginBottom: 4 }}>
                <Col span={6}>
                  <Typography.Text type="secondary">{t('detail.code')}</Typography.Text>
                </Col>
                <Col span={7}>
                  <Typography.Text type="secondary">{t('detail.label')}</Typography.Text>
                </Col>
                <Col span={6}>
                  <Typography.Text type="secondary">{t('detail.value')}</Typography.Text>
                </Col>
                <Col span={3}>
                  <Typography.Text type="secondary">{t('detail.isDefault')}</Typography.Text>
                </Col>
              </Row>
            ) : (
              <Typography.Paragraph type="secondary">{t('dialog.noRows')}</Typography.Paragraph>
            )}
            {rows.map(({ key, name }) => (
              <Row key={key} gutter={8} align="top" data-testid="dictionary-form-detail">
                <Col span={6}>
                  <Form.Item name={[name, 'code']} rules={codeRules(t, t('detail.code'), detailLimits.code.maxLength)}>
                    <Input onPressEnter={enter} aria-label={t('detail.code')} data-testid={`dictionary-form-detail-${name}-code`} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[name, 'label']} rules={[requiredRule(t, t('detail.label')), maxRule(t, detailLimits.label.maxLength)]}>
                    <Input onPressEnter={enter} aria-label={t('detail.label')} data-testid={`dictionary-form-detail-${name}-label`} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name={[name, 'value']} rules={[requiredRule(t, t('detail.value')), maxRule(t, detailLimits.value.maxLength)]}>
                    <Input onPressEnter={enter} aria-label={t('detail.value')} data-testid={`dictionary-form-detail-${name}-value`} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[name, 'isDefault']} valuePropName="checked">
                    <Checkbox
                      aria-label={t('detail.isDefault')}
                      data-testid={`dictionary-form-detail-${name}-isDefault`}
                      onChange={(e) => {
                        // One default: ticking one unticks the others.
                        if (!e.target.checked) return
                        const all = form.getFieldValue('details') as DictionaryFormValues['details']
                        form.setFieldValue(
                          'details',
                          all.map((r, i) => ({ ...r, isDefault: i === name })),
                        )
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Tooltip title={t('dialog.removeRow')}>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(name)} aria-label={t('dialog.removeRow')} data-testid={`dictionary-form-detail-${name}-remove`} />
                  </Tooltip>
                </Col>
              </Row>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(newDetailRow())} data-testid="dictionary-form-add-detail">
              {t('dialog.addRow')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  )
}
