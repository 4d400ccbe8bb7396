import { useRef } from 'react'
import { App, Col, Form, Input, InputNumber, Row, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { toDetailForm, useDataDictionaryMutations, type Detail, type DetailFormValues } from '../api'
import { codeRules, detailLimits, maxRule, requiredRule } from '../rules'
import { splitSaveError, type FieldPath } from './serverErrors'

export interface DetailDialogProps {
  /** The dictionary the item belongs to. */
  dictionaryId: string
  /** The item to edit, `{}` to add one, null when closed. */
  row: Partial<Detail> | null
  onClose: () => void
}

const FIELDS = new Set(['code', 'label', 'value', 'order', 'isEnable', 'isDefault', 'description'])

/**
 * Add or edit an item of a data dictionary: code, label, value, order, enabled, default and
 * description. Making it the default takes the mark from the previous default (the server does
 * so in the same transaction). Enter in a one-line field saves.
 */
export function DetailDialog({ dictionaryId, row, onClose }: DetailDialogProps) {
  const { t } = useTranslation('data-dictionary')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<DetailFormValues>()
  const { saveDetail } = useDataDictionaryMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const isEnable = Form.useWatch('isEnable', form)

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toDetailForm(r))
  })

  const { minimum, maximum } = detailLimits.order
  const orderRule: Rule = { type: 'integer', min: minimum, max: maximum, message: t('rule.order', { min: minimum, max: maximum }) }
  const defaultRule: Rule = {
    validator: (_r, v: boolean) => (v && form.getFieldValue('isEnable') === false ? Promise.reject(new Error(t('rule.defaultDisabled'))) : Promise.resolve()),
  }

  const submit = async () => {
    if (!row || busy.current) return
    let values: DetailFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await saveDetail.mutateAsync({ dictionaryId, id: row.id, values, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const { fields, message: rest } = splitSaveError(e, (name: FieldPath) => typeof name === 'string' && FIELDS.has(name), tApp)
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
      width={620}
      title={t(editing ? 'drawer.editTitle' : 'drawer.createTitle')}
      saving={saveDetail.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="detail-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="detail-dialog" initialValues={toDetailForm({})}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('detail.code')} rules={codeRules(t, t('detail.code'), detailLimits.code.maxLength)}>
              <Input autoFocus onPressEnter={enter} data-testid="detail-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="label" label={t('detail.label')} rules={[requiredRule(t, t('detail.label')), maxRule(t, detailLimits.label.maxLength)]}>
              <Input onPressEnter={enter} data-testid="detail-form-label" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="value" label={t('detail.value')} rules={[requiredRule(t, t('detail.value')), maxRule(t, detailLimits.value.maxLength)]}>
              <Input onPressEnter={enter} data-testid="detail-form-value" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="order" label={t('detail.order')} tooltip={t('drawer.orderHint')} rules={[orderRule]}>
              <InputNumber precision={0} min={minimum} max={maximum} style={{ width: '100%' }} onPressEnter={enter} data-testid="detail-form-order" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="isEnable" label={t('detail.isEnable')} valuePropName="checked">
              <Switch
                data-testid="detail-form-isEnable"
                onChange={(on) => {
                  if (!on && form.getFieldValue('isDefault')) form.setFieldValue('isDefault', false)
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="isDefault" label={t('detail.isDefault')} valuePropName="checked" rules={[defaultRule]}>
              <Switch disabled={isEnable === false} data-testid="detail-form-isDefault" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('detail.description')} rules={[maxRule(t, detailLimits.description.maxLength)]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="detail-form-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
