import { useState } from 'react'
import { App, Button, Flex, Form, Input, Space } from 'antd'
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from './components/useDocumentTitle'
import { AccountScreen } from './components/AccountScreen'
import { SendCodeButton } from './components/SendCodeButton'
import { showServerError } from './components/serverErrors'
import { resetPasswordByPhone, sendPhoneCode } from './api'

interface Values {
  phoneNumber: string
  code: string
  newPassword: string
  confirmPassword: string
}

const SERVER_FIELDS = ['phoneNumber', 'code', 'newPassword'] as const

/**
 * /reset-password (spec 002 §2.1, §7.3): a new password for the user of the selected tenant
 * with that phone number, with the reset code sent to it; the user is signed out everywhere.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  useDocumentTitle(ta('reset.title'))

  const sendCode = async () => {
    const { phoneNumber } = await form.validateFields(['phoneNumber'])
    try {
      await sendPhoneCode('reset', phoneNumber.trim())
      message.success(t('login.codeSent'))
    } catch (e) {
      message.error(showServerError(e, form, ['phoneNumber'], t))
      throw e
    }
  }

  const submit = async (v: Values) => {
    setBusy(true)
    try {
      await resetPasswordByPhone({ phoneNumber: v.phoneNumber.trim(), code: v.code.trim(), newPassword: v.newPassword })
      message.success(ta('reset.done'))
      navigate('/login', { replace: true })
    } catch (e) {
      message.error(showServerError(e, form, SERVER_FIELDS, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountScreen subtitle={ta('reset.title')}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="reset-form" requiredMark={false} autoComplete="off">
        <Form.Item name="phoneNumber" rules={[{ required: true, whitespace: true, message: t('login.phoneRequired') }]}>
          <Input prefix={<MobileOutlined />} placeholder={t('login.phone')} autoComplete="tel" size="large" data-testid="reset-form-phoneNumber" />
        </Form.Item>
        <Form.Item>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('login.code')}
                size="large"
                autoComplete="one-time-code"
                data-testid="reset-form-code"
              />
            </Form.Item>
            <SendCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="newPassword" rules={[{ required: true, message: t('password.newRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password.new')}
            autoComplete="new-password"
            size="large"
            data-testid="reset-form-newPassword"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password.confirm')}
            autoComplete="new-password"
            size="large"
            data-testid="reset-form-confirmPassword"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
          {ta('reset.submit')}
        </Button>
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Link to="/login">{t('login.backToLogin')}</Link>
        </Flex>
      </Form>
    </AccountScreen>
  )
}
