import { App, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../../components'
import { useSendTestEmail } from '../api'

type Values = { targetEmailAddress: string; subject: string; body: string }

/** "Send a test e-mail" with the caller's saved e-mailing settings (queued; without an SMTP host it lands in the development mailbox). */
export function SendTestEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings-management')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const send = useSendTestEmail()
  const submit = async () => {
    const v = await form.validateFields()
    try {
      await send.mutateAsync({ targetEmailAddress: v.targetEmailAddress.trim(), subject: v.subject, body: v.body ?? '' })
      message.success(t('testEmail.sent'))
      onClose()
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(errorToMessage(failed, tApp).message)
    }
  }
  return (
    <Modal
      open={open}
      title={t('testEmail.title')}
      okText={t('testEmail.send')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="send-test-email-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ subject: t('testEmail.defaultSubject'), body: t('testEmail.defaultBody') }}>
        <Form.Item
          name="targetEmailAddress"
          label={t('testEmail.to')}
          rules={[
            { required: true, whitespace: true, message: t('rule.required', { name: t('testEmail.to') }) },
            { type: 'email', message: t('rule.email', { name: t('testEmail.to') }) },
          ]}
        >
          <Input data-testid="send-test-email-to" />
        </Form.Item>
        <Form.Item name="subject" label={t('testEmail.subject')} rules={[{ required: true, whitespace: true, message: t('rule.required', { name: t('testEmail.subject') }) }, { max: 512 }]}>
          <Input data-testid="send-test-email-subject" />
        </Form.Item>
        <Form.Item name="body" label={t('testEmail.body')} rules={[{ max: 20000 }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
