import { useRef } from 'react'
import { App, Col, Form, Input, Row, Select, Switch, Tag, Tooltip } from 'antd'
import type { Rule } from 'antd/es/form'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { toFormValues, useClaimTypeMutations, type ClaimType, type ClaimTypeFormValues } from '../api'
import { CLAIM_TYPE_MAX, VALUE_TYPES, regexError, regexMatches } from '../rules'

export interface ClaimTypeDialogProps {
  /** The row to edit, `{}` to create, null when closed. */
  row: Partial<ClaimType> | null
  onClose: () => void
}

const FIELDS = new Set(['name', 'valueType', 'required', 'regex', 'regexDescription', 'description'])

/**
 * Create / edit a claim type. The regex is checked for syntax as it is typed (the server checks
 * it again, with Go's syntax), and a sample value can be tried against it. A built-in type's
 * name is read-only. Enter in a one-line field saves; server messages show on their fields.
 */
export function ClaimTypeDialog({ row, onClose }: ClaimTypeDialogProps) {
  const { t } = useTranslation('claim-types')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<ClaimTypeFormValues & { sample?: string }>()
  const { save } = useClaimTypeMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const isStatic = !!row?.isStatic
  const regex = Form.useWatch('regex', form)
  const sample = Form.useWatch('sample', form)

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue({ ...toFormValues(r), sample: '' })
  })

  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('rule.required', { field: t(field) }) })
  const max = (n: number): Rule => ({ max: n, message: t('rule.max', { max: n }) })
  const regexRule: Rule = {
    validator: (_r, value: string) => {
      const error = regexError(value)
      return error ? Promise.reject(new Error(t('rule.regex', { error }))) : Promise.resolve()
    },
  }

  const submit = async () => {
    if (!row || busy.current) return
    let values: ClaimTypeFormValues
    try {
      values = await form.validateFields()
    } catch {
      return // the form shows what is wrong
    }
    busy.current = true
    try {
      await save.mutateAsync({ id: row.id, values, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof ClaimTypeFormValues, errors: [msg] })))
      if (!known.length || known.length < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  const enter = () => void submit()
  const tried = regex && sample ? regexMatches(regex, sample) : null

  return (
    <SaveModal
      open={!!row}
      width={720}
      title={t(editing ? 'editTitle' : 'createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="claim-type-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="claim-type-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('field.name')}
              tooltip={isStatic ? t('staticHint') : undefined}
              rules={isStatic ? [] : [required('field.name'), max(CLAIM_TYPE_MAX.name)]}
            >
              <Input readOnly={isStatic} disabled={isStatic} autoFocus={!isStatic} onPressEnter={enter} data-testid="claim-type-form-name" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="valueType" label={t('field.valueType')}>
              <Select
                options={VALUE_TYPES.map((v) => ({ value: v.value, label: t(`valueType.${v.key}`) }))}
                data-testid="claim-type-form-valueType"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={4}>
            <Form.Item name="required" label={t('field.required')} valuePropName="checked">
              <Switch data-testid="claim-type-form-required" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="regex" label={t('field.regex')} tooltip={t('field.regexHelp')} rules={[max(CLAIM_TYPE_MAX.regex), regexRule]}>
              <Input spellCheck={false} style={{ fontFamily: 'monospace' }} onPressEnter={enter} data-testid="claim-type-form-regex" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="sample"
              label={t('field.sample')}
              extra={
                tried === null ? null : (
                  <Tag color={tried ? 'green' : 'red'} style={{ marginTop: 4 }} data-testid="claim-type-sample-result">
                    {tried ? t('sampleMatches') : t('sampleFails')}
                  </Tag>
                )
              }
            >
              <Input placeholder={t('field.samplePlaceholder')} disabled={!regex || !!regexError(regex)} data-testid="claim-type-form-sample" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="regexDescription"
              label={t('field.regexDescription')}
              tooltip={t('field.regexDescriptionHelp')}
              rules={[max(CLAIM_TYPE_MAX.regexDescription)]}
            >
              <Input onPressEnter={enter} data-testid="claim-type-form-regexDescription" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('field.description')} rules={[max(CLAIM_TYPE_MAX.description)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="claim-type-form-description" />
            </Form.Item>
          </Col>
        </Row>
        {isStatic ? (
          <Tooltip title={t('staticHint')}>
            <Tag color="orange">{t('static')}</Tag>
          </Tooltip>
        ) : null}
      </Form>
    </SaveModal>
  )
}
