import { useRef } from 'react'
import { App, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { useTextMutations, type LanguageText } from '../api'

export interface TextDialogProps {
  row: LanguageText | null
  onClose: () => void
}

/** Edit one text of the target culture, its base value shown above. */
export function TextDialog({ row, onClose }: TextDialogProps) {
  const { t } = useTranslation('language-texts')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ value: string }>()
  const { save } = useTextMutations()
  const busy = useRef(false)

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue({ value: r.value })
  })

  const submit = async () => {
    if (!row || busy.current) return
    let values: { value: string }
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await save.mutateAsync({ row, value: values.value })
      message.success(t('updated'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      if (byField.value) form.setFields([{ name: 'value', errors: [byField.value] }])
      else {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  return (
    <SaveModal
      open={!!row}
      width={640}
      title={t('editTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="text-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="text-dialog">
        <Form.Item label={t('field.name')}>
          <Typography.Text code>
            {row?.resourceName} / {row?.name}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={`${t('field.baseValue')} (${row?.baseCultureName ?? ''})`}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="text-dialog-base">
            {row?.baseValue}
          </Typography.Paragraph>
        </Form.Item>
        <Form.Item
          name="value"
          label={`${t('field.value')} (${row?.cultureName ?? ''})`}
          rules={[
            { required: true, message: t('rule.required') },
            { max: 4096, message: t('rule.max', { max: 4096 }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} autoFocus data-testid="text-dialog-value" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
