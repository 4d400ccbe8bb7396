import { useRef } from 'react'
import { App, Col, Form, Input, InputNumber, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { useTypeMutations, type TypeKind } from '../api'
import { codeRules, maxRules, boundsOf, requiredRule, typeLimits } from '../rules'
import { showFieldErrors, sortSaveErrors } from '../serverErrors'
import type { OrderKindType, OrderKindTypeInput } from '../types'

export interface TypeDialogProps {
  kind: TypeKind
  /** The type to edit, `{}` to create one, null when closed. */
  row: Partial<OrderKindType> | null
  onClose: () => void
}

interface TypeFormValues {
  code: string
  name: string
  sort: number | null
  isEnable: boolean
  remark: string
}

const FIELDS: ReadonlySet<string> = new Set(['code', 'name', 'sort', 'isEnable', 'remark'])

export function toTypeForm(r: Partial<OrderKindType>): TypeFormValues {
  return { code: r.code ?? '', name: r.name ?? '', sort: r.sort ?? 0, isEnable: r.isEnable ?? true, remark: r.remark ?? '' }
}

export function toTypeBody(v: TypeFormValues, concurrencyStamp?: string): OrderKindTypeInput {
  const body: OrderKindTypeInput = {
    code: v.code.trim(),
    name: v.name.trim(),
    sort: typeof v.sort === 'number' && Number.isFinite(v.sort) ? v.sort : 0,
    isEnable: !!v.isEnable,
    remark: (v.remark ?? '').trim(),
  }
  if (concurrencyStamp) body.concurrencyStamp = concurrencyStamp
  return body
}

/** Create or edit an order type or a product type; the server's messages show on their fields. */
export function TypeDialog({ kind, row, onClose }: TypeDialogProps) {
  const { t } = useTranslation('sales-orders')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<TypeFormValues>()
  const { saveType } = useTypeMutations(kind)
  const busy = useRef(false)
  const editing = !!row?.id

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toTypeForm(r))
  })

  const submit = async () => {
    if (!row || busy.current) return
    let values: TypeFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await saveType.mutateAsync({ id: row.id, body: toTypeBody(values, row.concurrencyStamp) })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const errs = sortSaveErrors(e, FIELDS, tApp)
      showFieldErrors(form, errs.fields)
      if (errs.stale) message.error(t('order.stale'))
      else if (errs.message) message.error(errs.message)
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()

  return (
    <SaveModal
      open={!!row}
      width={560}
      title={t(`type.${kind}.${editing ? 'editTitle' : 'createTitle'}`)}
      saving={saveType.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="type-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="type-dialog" initialValues={toTypeForm({})}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('type.field.code')} rules={codeRules(t, t('type.field.code'))}>
              <Input autoFocus onPressEnter={enter} data-testid="type-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('type.field.name')} rules={[requiredRule(t, t('type.field.name')), ...maxRules(t, typeLimits, 'name')]}>
              <Input onPressEnter={enter} data-testid="type-form-name" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="sort" label={t('type.field.sort')} tooltip={t('type.sortHint')}>
              <InputNumber<number> {...boundsOf(typeLimits, 'sort')} precision={0} style={{ width: '100%' }} onPressEnter={enter} data-testid="type-form-sort" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="isEnable" label={t('type.field.isEnable')} valuePropName="checked">
              <Switch data-testid="type-form-isEnable" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('type.field.remark')} rules={maxRules(t, typeLimits, 'remark')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid="type-form-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
