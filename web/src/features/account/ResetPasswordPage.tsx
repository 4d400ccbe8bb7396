import { useState } from 'react'
import { App, Button, Flex, Form } from 'antd'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from './components/useDocumentTitle'
import { AccountScreen } from './components/AccountScreen'
import { PhoneCodeFields } from './components/PhoneCodeFields'
import { NewPasswordFields } from './components/NewPasswordFields'
import { showServerError } from './components/serverErrors'
import { resetPasswordByPhone } from './api'

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
        <PhoneCodeFields form={form} purpose="reset" testIdPrefix="reset-form" />
        <NewPasswordFields name="newPassword" placeholder={t('password.new')} testIdPrefix="reset-form" />
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
