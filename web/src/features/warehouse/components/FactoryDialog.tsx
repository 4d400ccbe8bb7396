import { useRef } from 'react'
import { App, Form, Input, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { MAX_ADDRESS, MAX_CODE, MAX_NAME, useSetupMutations, type Factory } from '../api'
import { CODE_PATTERN, putServerErrors } from './setupForm'

/** Add a factory (factory null) or edit one. */
export interface FactoryDialogProps {
  open: boolean
  factory: Factory | null
  onClose: () => void
}

interface Values {
  code: string
  name: string
  address?: string
  isDefault: boolean
}

const FIELDS = new Set(['code', 'name', 'address', 'isDefault'])

/** A factory's code, name, address and whether it is the default (the server keeps one). Enter saves. */
export function FactoryDialog({ open, factory, onClose }: FactoryDialogProps) {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { saveFactory } = useSetupMutations()
  const busy = useRef(false)

  useWhenChanged(open ? (factory?.id ?? 'new') : null, (k) => {
    if (!k) return
    form.resetFields()
    form.setFieldsValue(factory ? { code: factory.code, name: factory.name, address: factory.address, isDefault: factory.isDefault } : { isDefault: false })
  })

  const submit = async () => {
    if (busy.current) return
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await saveFactory.mutateAsync({
        id: factory?.id,
        body: { code: v.code.trim(), name: v.name.trim(), address: v.address?.trim() ?? '', isDefault: v.isDefault, concurrencyStamp: factory?.concurrencyStamp },
      })
      message.success(t('setup.saved'))
      onClose()
    } catch (e) {
      const left = putServerErrors(form, e, FIELDS, tApp)
      if (left) message.error(left)
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()
  const req = (field: string) => ({ required: true, whitespace: true, message: t('setup.rules.required', { field: t(`setup.field.${field}`) }) })
  const max = (n: number) => ({ max: n, message: t('setup.rules.max', { max: n }) })

  return (
    <SaveModal
      open={open}
      title={factory ? t('setup.factoryEditTitle', { code: factory.code }) : t('setup.factoryCreateTitle')}
      saving={saveFactory.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="factory-save"
    >
      <Form form={form} layout="vertical" data-testid="factory-form">
        <Form.Item name="code" label={t('setup.field.code')} extra={t('setup.codeHint')} rules={[req('code'), max(MAX_CODE), { pattern: CODE_PATTERN, message: t('setup.rules.code') }]}>
          <Input autoFocus maxLength={MAX_CODE} onPressEnter={enter} data-testid="factory-code" />
        </Form.Item>
        <Form.Item name="name" label={t('setup.field.name')} rules={[req('name'), max(MAX_NAME)]}>
          <Input maxLength={MAX_NAME} onPressEnter={enter} data-testid="factory-name" />
        </Form.Item>
        <Form.Item name="address" label={t('setup.field.address')} rules={[max(MAX_ADDRESS)]}>
          <Input maxLength={MAX_ADDRESS} onPressEnter={enter} data-testid="factory-address" />
        </Form.Item>
        <Form.Item name="isDefault" label={t('setup.field.isDefault')} valuePropName="checked">
          <Switch disabled={!!factory?.isDefault} data-testid="factory-default" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
