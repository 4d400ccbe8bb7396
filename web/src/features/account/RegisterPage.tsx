import { useState } from 'react'
import { App, Button, Flex, Form, Input } from 'antd'
import { IdcardOutlined, UserOutlined } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from './components/useDocumentTitle'
import { AccountScreen } from './components/AccountScreen'
import { PhoneCodeFields } from './components/PhoneCodeFields'
import { NewPasswordFields } from './components/NewPasswordFields'
import { showServerError } from './components/serverErrors'
import { registerByPhone } from './api'

interface Values {
  phoneNumber: string
  code: string
  userName?: string
  name?: string
  password: string
  confirmPassword: string
}

const SERVER_FIELDS = ['phoneNumber', 'code', 'userName', 'name', 'password'] as const

/**
 * /register (spec 002 §2.1, §7.3): a new user of the selected tenant with a phone number and the
 * register code sent to it; then back to the login screen with the user name filled in.
 */
export function RegisterPage() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  useDocumentTitle(ta('register.title'))

  const submit = async (v: Values) => {
    setBusy(true)
    try {
      const user = await registerByPhone({
        phoneNumber: v.phoneNumber.trim(),
        code: v.code.trim(),
        userName: v.userName?.trim() || undefined,
        name: v.name?.trim() || undefined,
        password: v.password,
      })
      message.success(ta('register.done'))
      navigate('/login', { replace: true, state: { userName: user.userName } })
    } catch (e) {
      message.error(showServerError(e, form, SERVER_FIELDS, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountScreen subtitle={ta('register.title')}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="register-form" requiredMark={false} autoComplete="off">
        <PhoneCodeFields form={form} purpose="register" testIdPrefix="register-form" />
        <Form.Item name="userName" extra={ta('userNameHint')}>
          <Input prefix={<UserOutlined />} placeholder={ta('userName')} autoComplete="username" size="large" data-testid="register-form-userName" />
        </Form.Item>
        <Form.Item name="name" extra={ta('nameHint')}>
          <Input prefix={<IdcardOutlined />} placeholder={ta('name')} autoComplete="name" size="large" data-testid="register-form-name" />
        </Form.Item>
        <NewPasswordFields name="password" placeholder={t('login.password')} testIdPrefix="register-form" />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
          {ta('register.submit')}
        </Button>
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Link to="/login">{t('login.backToLogin')}</Link>
        </Flex>
      </Form>
    </AccountScreen>
  )
}
