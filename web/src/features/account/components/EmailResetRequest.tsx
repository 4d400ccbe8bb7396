import { useState } from 'react'
import { App, Button, Form, Input, Result } from 'antd'
import { MailOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { showServerError } from './serverErrors'
import { sendPasswordResetLink } from '../api'

interface Values {
  email: string
}

/**
 * The e-mail way of /reset-password: the address → "send the link" → a result saying a link was
 * sent if the address belongs to an account (the server answers the same either way).
 */
export function EmailResetRequest() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const submit = async (v: Values) => {
    const email = v.email.trim()
    setBusy(true)
    try {
      await sendPasswordResetLink(email)
      setSentTo(email)
    } catch (e) {
      message.error(showServerError(e, form, ['email'], t))
    } finally {
      setBusy(false)
    }
  }

  if (sentTo !== null)
    return (
      <Result
        status="success"
        title={ta('reset.email.sentTitle')}
        subTitle={ta('reset.email.sentHint', { email: sentTo })}
        data-testid="reset-email-sent"
        style={{ padding: '16px 0' }}
        extra={
          <Button onClick={() => setSentTo(null)} data-testid="reset-email-again">
            {ta('reset.email.again')}
          </Button>
        }
      />
    )

  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="reset-email-form" requiredMark={false} autoComplete="off">
      <Form.Item
        name="email"
        normalize={(v: string) => v.trim()}
        rules={[
          { required: true, whitespace: true, message: ta('reset.email.required') },
          { type: 'email', message: ta('reset.email.invalid') },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder={ta('reset.email.placeholder')} autoComplete="email" size="large" data-testid="reset-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-email-submit">
        {ta('reset.email.submit')}
      </Button>
    </Form>
  )
}
