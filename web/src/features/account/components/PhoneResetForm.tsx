import { useState } from 'react'
import { App, Button, Form } from 'antd'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PhoneCodeFields } from './PhoneCodeFields'
import { NewPasswordFields } from './NewPasswordFields'
import { showServerError } from './serverErrors'
import { resetPasswordByPhone } from '../api'

interface Values {
  phoneNumber: string
  code: string
  newPassword: string
  confirmPassword: string
}

const SERVER_FIELDS = ['phoneNumber', 'code', 'newPassword'] as const

/**
 * The phone way of /reset-password: a new password for the user of the selected tenant with that
 * phone number, with the reset code sent to it; then the login page.
 */
export function PhoneResetForm() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)

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
    <Form form={form} layout="vertical" onFinish={submit} data-testid="reset-form" requiredMark={false} autoComplete="off">
      <PhoneCodeFields form={form} purpose="reset" testIdPrefix="reset-form" />
      <NewPasswordFields name="newPassword" placeholder={t('password.new')} testIdPrefix="reset-form" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
        {ta('reset.submit')}
      </Button>
    </Form>
  )
}
