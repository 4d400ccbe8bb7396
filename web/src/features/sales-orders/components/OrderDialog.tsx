import { useRef } from 'react'
import { App, Checkbox, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { enabledTypesQuery, useOrderMutations } from '../api'
import { DAY, formatMoney } from '../format'
import { ORDER_FORM_FIELDS, toOrderBody, toOrderForm, type OrderFormValues } from '../orderForm'
import { boundsOf, maxRules, orderLimits, requiredRule, selectRule } from '../rules'
import { showFieldErrors, sortSaveErrors } from '../serverErrors'
import { ORDER_DATE_FIELDS, ORDER_DERIVED_AMOUNTS, ORDER_FLAG_FIELDS, ORDER_INPUT_AMOUNTS, type OrderKindType, type SalesOrder } from '../types'

export interface OrderDialogProps {
  /** The order to edit, `{}` to create one, null when closed. */
  order: Partial<SalesOrder> | null
  onClose: () => void
  /** A new order was created (the page opens it). */
  onCreated?: (order: SalesOrder) => void
}

/** Select options of enabled types, plus the order's own type when it has since been disabled. */
function typeOptions(types: OrderKindType[] | undefined, current: { id?: string | null; name?: string | null }, disabledLabel: (name: string) => string) {
  const options = (types ?? []).map((x) => ({ value: x.id, label: x.name }))
  if (current.id && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: disabledLabel(current.name ?? current.id) })
  return options
}

/**
 * Create or edit a sales order's header (docs/decisions/0011): type, customer, dates, the
 * amounts a user enters and the flags. The amounts the server derives from the lines are shown
 * read-only when editing. The server's messages show on their fields; an update carries the
 * order's concurrency stamp.
 */
export function OrderDialog({ order, onClose, onCreated }: OrderDialogProps) {
  const { t } = useTranslation('sales-orders')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<OrderFormValues>()
  const { saveOrder } = useOrderMutations()
  const orderTypes = useQuery({ ...enabledTypesQuery('orderTypes'), enabled: !!order })
  const productTypes = useQuery({ ...enabledTypesQuery('productTypes'), enabled: !!order })
  const busy = useRef(false)
  const editing = !!order?.id

  useWhenChanged(order, (o) => {
    if (!o) return
    form.resetFields()
    form.setFieldsValue(toOrderForm(o, { orderTypeId: orderTypes.data?.[0]?.id }))
  })
  // A new order takes the first enabled order type once the list arrives.
  useWhenChanged(orderTypes.data, (types) => {
    if (order && !order.id && types?.length && !form.getFieldValue('orderTypeId')) form.setFieldValue('orderTypeId', types[0].id)
  })

  const disabledLabel = (name: string) => t('order.typeDisabled', { name })
  const orderTypeOptions = typeOptions(orderTypes.data, { id: order?.orderTypeId, name: order?.orderTypeName }, disabledLabel)
  const productTypeOptions = typeOptions(productTypes.data, { id: order?.productTypeId, name: order?.productTypeName }, disabledLabel)

  const submit = async () => {
    if (!order || busy.current) return
    let values: OrderFormValues
    try {
      values = await form.validateFields()
    } catch {
      return // the form shows what is wrong
    }
    busy.current = true
    try {
      const saved = await saveOrder.mutateAsync({ id: order.id, body: toOrderBody(values, order.concurrencyStamp) })
      message.success(editing ? t('updated') : t('created'))
      onClose()
      if (!editing) onCreated?.(saved)
    } catch (e) {
      const errs = sortSaveErrors(e, ORDER_FORM_FIELDS, tApp)
      showFieldErrors(form, errs.fields)
      if (errs.stale) message.error(t('order.stale'))
      else if (errs.message) message.error(errs.message)
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()
  const text = (name: 'dealerName' | 'customerName' | 'customerPhone' | 'customerAddress', required = false) => (
    <Form.Item name={name} label={t(`field.${name}`)} rules={[...(required ? [requiredRule(t, t(`field.${name}`))] : []), ...maxRules(t, orderLimits, name)]}>
      <Input onPressEnter={enter} data-testid={`order-form-${name}`} />
    </Form.Item>
  )

  return (
    <SaveModal
      open={!!order}
      width={900}
      title={editing ? t('order.editTitle', { number: order?.salesOrderId }) : t('order.createTitle')}
      saving={saveOrder.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="order-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="order-dialog" initialValues={toOrderForm({})} requiredMark>
        <Divider titlePlacement="start" plain style={{ margin: '0 0 8px' }}>
          {t('order.sectionCustomer')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="orderTypeId" label={t('field.orderTypeId')} rules={[selectRule(t, t('field.orderTypeId'))]}>
              <Select options={orderTypeOptions} loading={orderTypes.isPending} showSearch={{ optionFilterProp: 'label' }} data-testid="order-form-orderTypeId" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="productTypeId" label={t('field.productTypeId')}>
              <Select allowClear options={productTypeOptions} loading={productTypes.isPending} showSearch={{ optionFilterProp: 'label' }} data-testid="order-form-productTypeId" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            {text('dealerName')}
          </Col>
          <Col xs={24} sm={8}>
            {text('customerName', true)}
          </Col>
          <Col xs={24} sm={8}>
            {text('customerPhone')}
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="isUrgent" label={t('field.isUrgent')} valuePropName="checked">
              <Switch data-testid="order-form-isUrgent" />
            </Form.Item>
          </Col>
          <Col xs={24}>{text('customerAddress')}</Col>
        </Row>
        <Divider titlePlacement="start" plain style={{ margin: '0 0 8px' }}>
          {t('order.sectionDates')}
        </Divider>
        <Row gutter={16}>
          {ORDER_DATE_FIELDS.map((k) => (
            <Col key={k} xs={12} sm={6}>
              <Form.Item name={k} label={t(`field.${k}`)}>
                <DatePicker format={DAY} style={{ width: '100%' }} data-testid={`order-form-${k}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider titlePlacement="start" plain style={{ margin: '0 0 8px' }}>
          {t('order.sectionAmounts')}
        </Divider>
        <Row gutter={16}>
          {ORDER_INPUT_AMOUNTS.map((k) => (
            <Col key={k} xs={12} sm={6}>
              <Form.Item name={k} label={t(`field.${k}`)}>
                <InputNumber<number> {...boundsOf(orderLimits, k)} precision={2} style={{ width: '100%' }} onPressEnter={enter} data-testid={`order-form-${k}`} />
              </Form.Item>
            </Col>
          ))}
          {editing
            ? ORDER_DERIVED_AMOUNTS.map((k) => (
                <Col key={k} xs={12} sm={6}>
                  <Form.Item label={t(`field.${k}`)} tooltip={t('order.derivedHint')}>
                    <Input readOnly variant="filled" value={formatMoney(order?.[k])} data-testid={`order-form-${k}`} />
                  </Form.Item>
                </Col>
              ))
            : null}
        </Row>
        <Divider titlePlacement="start" plain style={{ margin: '0 0 8px' }}>
          {t('order.sectionFlags')}
        </Divider>
        <Row gutter={16}>
          {ORDER_FLAG_FIELDS.map((k) => (
            <Col key={k} xs={12} sm={6}>
              <Form.Item name={k} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox data-testid={`order-form-${k}`}>{t(`field.${k}`)}</Checkbox>
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item name="remark" label={t('field.remark')} rules={maxRules(t, orderLimits, 'remark')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="order-form-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
