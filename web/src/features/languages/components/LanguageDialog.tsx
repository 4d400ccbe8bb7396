import { useRef } from 'react'
import { App, Col, Form, Input, Row, Select, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { cultureListQuery, toFormValues, useLanguageMutations, type Language, type LanguageFormValues } from '../api'

export interface LanguageDialogProps {
  /** The row to edit, `{}` to create, null when closed. */
  row: Partial<Language> | null
  onClose: () => void
}

const FIELDS = new Set(['cultureName', 'uiCultureName', 'displayName', 'flagIcon', 'isEnabled'])

/** Create / edit a language: the culture comes from the server's culture list and is fixed once created. */
export function LanguageDialog({ row, onClose }: LanguageDialogProps) {
  const { t } = useTranslation('languages')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<LanguageFormValues>()
  const { save } = useLanguageMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const cultures = useQuery({ ...cultureListQuery(), enabled: !!row && !editing })
  const options = (cultures.data ?? []).map((c) => ({ value: c.name, label: `${c.displayName} (${c.name})` }))

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toFormValues(r))
  })

  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('rule.required', { field: t(field) }) })
  const max = (n: number): Rule => ({ max: n, message: t('rule.max', { max: n }) })

  const submit = async () => {
    if (!row || busy.current) return
    let values: LanguageFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await save.mutateAsync({ id: row.id, values, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof LanguageFormValues, errors: [msg] })))
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
      saveTestId="language-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="language-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="cultureName" label={t('field.cultureName')} rules={editing ? [] : [required('field.cultureName')]}>
              <Select
                showSearch
                optionFilterProp="label"
                disabled={editing}
                options={editing ? [{ value: row?.cultureName, label: row?.cultureName }] : options}
                loading={cultures.isLoading}
                onChange={(v: string) => {
                  const c = cultures.data?.find((x) => x.name === v)
                  if (!form.getFieldValue('displayName') && c) form.setFieldValue('displayName', c.displayName)
                  if (!form.getFieldValue('uiCultureName')) form.setFieldValue('uiCultureName', v)
                }}
                data-testid="language-form-culture"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="uiCultureName" label={t('field.uiCultureName')}>
              <Select showSearch optionFilterProp="label" disabled={editing} options={editing ? [] : options} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="displayName" label={t('field.displayName')} rules={[required('field.displayName'), max(64)]}>
              <Input onPressEnter={enter} data-testid="language-form-displayName" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="flagIcon" label={t('field.flagIcon')} rules={[max(64)]}>
              <Input onPressEnter={enter} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={4}>
            <Form.Item name="isEnabled" label={t('field.isEnabled')} valuePropName="checked">
              <Switch data-testid="language-form-enabled" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
