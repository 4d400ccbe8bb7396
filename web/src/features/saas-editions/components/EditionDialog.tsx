import { useRef } from 'react'
import { App, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { limits } from '../../../api/gen/limits'
import { useEditionMutations, type Edition } from '../api'

export interface EditionDialogProps {
  /** The row to edit, `{}` to create, null when closed. */
  row: Partial<Edition> | null
  onClose: () => void
}

const MAX = limits.SaasCreateEditionInput.displayName.maxLength

/** Create or rename an edition. */
export function EditionDialog({ row, onClose }: EditionDialogProps) {
  const { t } = useTranslation('saas-editions')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ displayName: string }>()
  const { save } = useEditionMutations()
  const busy = useRef(false)
  const editing = !!row?.id

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue({ displayName: r.displayName ?? '' })
  })

  const submit = async () => {
    if (!row || busy.current) return
    let values: { displayName: string }
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await save.mutateAsync({ id: row.id, displayName: values.displayName, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      if (byField.displayName) form.setFields([{ name: 'displayName', errors: [byField.displayName] }])
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
      title={t(editing ? 'editTitle' : 'createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="edition-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="edition-dialog">
        <Form.Item
          name="displayName"
          label={t('field.displayName')}
          rules={[
            { required: true, whitespace: true, message: t('rule.required') },
            { max: MAX, message: t('rule.max', { max: MAX }) },
          ]}
        >
          <Input onPressEnter={() => void submit()} data-testid="edition-form-displayName" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
