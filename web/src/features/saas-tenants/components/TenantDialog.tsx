import { useRef } from 'react'
import { App, Col, Form, Input, Row, Select, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, usePermission, useWhenChanged, validationErrorsByField } from '../../../components'
import { limits } from '../../../api/gen/limits'
import { editionOptionsQuery, toFormValues, useTenantMutations, type Tenant, type TenantFormValues } from '../api'
import { TenantPermissions } from '../permissions'

export interface TenantDialogProps {
  /** The row to edit, `{}` to create, null when closed. */
  row: Partial<Tenant> | null
  onClose: () => void
}

const FIELDS = new Set(['name', 'editionId', 'isActive', 'activationMessage', 'adminEmailAddress', 'adminPassword'])
const L = limits.SaasCreateTenantInput

/** Create a tenant with its administrator's e-mail and password, or edit one's name, edition and state. */
export function TenantDialog({ row, onClose }: TenantDialogProps) {
  const { t } = useTranslation('saas-tenants')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { has } = usePermission()
  const [form] = Form.useForm<TenantFormValues>()
  const { save } = useTenantMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const editions = useQuery({ ...editionOptionsQuery(), enabled: !!row && has(TenantPermissions.Editions) })
  const options = (editions.data ?? []).map((e) => ({ value: e.id, label: e.displayName }))
  if (row?.editionId && row.editionName && !options.some((o) => o.value === row.editionId)) {
    options.push({ value: row.editionId, label: row.editionName })
  }

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toFormValues(r))
  })

  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('rule.required', { field: t(field) }) })
  const max = (n: number): Rule => ({ max: n, message: t('rule.max', { max: n }) })

  const submit = async () => {
    if (!row || busy.current) return
    let values: TenantFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await save.mutateAsync({ row, values })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof TenantFormValues, errors: [msg] })))
      if (!known.length || known.length < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  const enter = () => void submit()

  return (
    <SaveModal
      open={!!row}
      width={640}
      title={t(editing ? 'editTitle' : 'createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="tenant-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="tenant-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('field.name')}
              extra={t('nameHint')}
              rules={[required('field.name'), max(L.name.maxLength), { pattern: /^[A-Za-z0-9._-]*$/, message: t('rule.name') }]}
            >
              <Input onPressEnter={enter} data-testid="tenant-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="editionId" label={t('field.edition')}>
              <Select allowClear showSearch optionFilterProp="label" options={options} loading={editions.isLoading} placeholder={t('noEdition')} data-testid="tenant-form-edition" />
            </Form.Item>
          </Col>
          {editing ? null : (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="adminEmailAddress"
                  label={t('field.adminEmailAddress')}
                  rules={[required('field.adminEmailAddress'), max(L.adminEmailAddress.maxLength), { type: 'email', message: t('rule.email') }]}
                >
                  <Input onPressEnter={enter} autoComplete="off" data-testid="tenant-form-email" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="adminPassword" label={t('field.adminPassword')} rules={[required('field.adminPassword'), max(L.adminPassword.maxLength)]}>
                  <Input.Password onPressEnter={enter} autoComplete="new-password" data-testid="tenant-form-password" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={18}>
            <Form.Item name="activationMessage" label={t('field.activationMessage')} extra={t('messageHint')} rules={[max(L.activationMessage.maxLength)]}>
              <Input onPressEnter={enter} data-testid="tenant-form-message" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name="isActive" label={t('field.isActive')} valuePropName="checked">
              <Switch data-testid="tenant-form-active" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
