import { useRef } from 'react'
import { Alert, App, Form, Input, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { limits } from '../../../api/gen/limits'
import { useNotificationMutations, type BroadcastBody } from '../api'
import { SEVERITIES, severityKey } from '../severity'

/** Limits of the broadcast's texts (the server's BroadcastInput). */
export const BROADCAST_MAX = {
  title: limits.NotificationsBroadcastInput.title.maxLength,
  message: limits.NotificationsBroadcastInput.message.maxLength,
} as const

const FIELDS = new Set(['title', 'message', 'severity'])

/** "Send to everyone": a title, a message and a severity for every active user of the tenant. */
export function BroadcastDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<BroadcastBody>()
  const { send } = useNotificationMutations()
  const busy = useRef(false)

  useWhenChanged(open, (o) => {
    if (!o) return
    form.resetFields()
    form.setFieldsValue({ title: '', message: '', severity: 10 })
  })

  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('rule.required', { field: t(field) }) })
  const max = (field: string, n: number): Rule => ({ max: n, message: t('rule.max', { field: t(field), max: n }) })

  const submit = async () => {
    if (busy.current) return
    let values: BroadcastBody
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      const r = await send.mutateAsync({ title: values.title.trim(), message: values.message.trim(), severity: values.severity })
      message.success(t('broadcast.sent', { count: r?.userCount ?? 0 }))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof BroadcastBody, errors: [msg] })))
      if (!known.length || known.length < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  return (
    <SaveModal
      open={open}
      width={560}
      title={t('broadcast.title')}
      saving={send.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="broadcast-send"
    >
      <Alert type="info" showIcon title={t('broadcast.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" data-testid="broadcast-dialog">
        <Form.Item name="title" label={t('field.title')} rules={[required('field.title'), max('field.title', BROADCAST_MAX.title)]}>
          <Input data-testid="broadcast-title" />
        </Form.Item>
        <Form.Item name="message" label={t('field.message')} rules={[required('field.message'), max('field.message', BROADCAST_MAX.message)]}>
          <Input.TextArea rows={4} data-testid="broadcast-message" />
        </Form.Item>
        <Form.Item name="severity" label={t('field.severity')}>
          <Select options={SEVERITIES.map((s) => ({ value: s, label: t(severityKey(s)) }))} data-testid="broadcast-severity" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
