import { lazy, Suspense, useState } from 'react'
import { Alert, App, Button, Flex, Form, Input, Space, Tabs, Tag } from 'antd'
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { OAuthError, passwordGrant, phoneGrant } from '../../api/oauth'
import { getTenant, setToken } from '../../api/token'
import { errorToMessage } from '../../api/errors'
import type { HttpError } from '../../api/http'
import { STORAGE_KEYS, writeLocal } from '../../api/storage'
import { sendPhoneCode } from '../../features/account/api'
import { AccountScreen, useSelfRegistration } from '../../features/account/components/AccountScreen'
import { SendCodeButton } from '../../features/account/components/SendCodeButton'
import { useDocumentTitle } from '../../features/account/components/useDocumentTitle'
import { safeRedirect } from '../guard'

const WeChatLogin = lazy(() => import('../../features/wechat/WeChatLogin').then((m) => ({ default: m.WeChatLogin })))

export { CODE_COUNTDOWN_SECONDS } from '../../features/account/components/useCountdown'

export interface LoginPageProps {
  /**
   * /yulan (spec 002 §2.3): the login screen shown to a logged-in user as a preview; its forms
   * check their fields but never log in or send codes.
   */
  preview?: boolean
}

/**
 * /login?redirect=: password and phone-code login, tenant switch, language picker, and the
 * links to register and to reset a forgotten password.
 */
export function LoginPage({ preview = false }: LoginPageProps) {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const [busy, setBusy] = useState(false)
  const [phoneForm] = Form.useForm<{ phoneNumber: string; code: string }>()
  const selfRegistration = useSelfRegistration()
  const registeredName = (location.state as { userName?: string } | null)?.userName
  useDocumentTitle(t('login.title'))

  const loggedIn = (r: Parameters<typeof setToken>[0]) => {
    qc.clear()
    writeLocal(STORAGE_KEYS.impersonating, null)
    // The route guard sees the token and goes on to the redirect target.
    setToken(r)
  }

  const fail = (e: unknown) => {
    if (e instanceof OAuthError) message.error(e.status === 0 ? t('http.network') : e.message || t('login.failed'))
    else message.error(errorToMessage({ status: (e as HttpError).status, data: (e as HttpError).data }, t).message)
  }

  const run = async (grant: () => Promise<Parameters<typeof setToken>[0]>) => {
    if (preview) {
      message.info(ta('preview.submitted'))
      return
    }
    setBusy(true)
    try {
      loggedIn(await grant())
    } catch (e) {
      fail(e)
    } finally {
      setBusy(false)
    }
  }

  const passwordLogin = (v: { username: string; password: string }) => run(() => passwordGrant(v.username.trim(), v.password, getTenant()))
  const phoneLogin = (v: { phoneNumber: string; code: string }) =>
    run(() => phoneGrant(v.phoneNumber.trim(), v.code.trim(), getTenant()))

  const sendCode = async () => {
    const { phoneNumber } = await phoneForm.validateFields(['phoneNumber'])
    if (preview) {
      message.info(ta('preview.submitted'))
      throw new Error('preview')
    }
    try {
      await sendPhoneCode('signin', phoneNumber.trim())
      message.success(t('login.codeSent'))
    } catch (e) {
      fail(e)
      throw e
    }
  }

  const extra = preview ? (
    <Flex vertical gap={8} style={{ marginBottom: 8 }} data-testid="login-preview">
      <Flex justify="space-between" align="center">
        <Tag color="blue">{ta('preview.tag')}</Tag>
        <Button type="link" size="small" onClick={() => navigate(-1)} data-testid="preview-back">
          {ta('preview.back')}
        </Button>
      </Flex>
      <Alert type="info" showIcon title={ta('preview.hint')} />
    </Flex>
  ) : null

  return (
    <AccountScreen subtitle={t('app.subtitle')} extra={extra}>
      <Tabs
        centered
        items={[
          {
            key: 'password',
            label: t('login.passwordTab'),
            children: (
              <Form
                layout="vertical"
                onFinish={passwordLogin}
                data-testid="password-login"
                requiredMark={false}
                initialValues={{ username: registeredName }}
              >
                <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
                  <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" size="large" />
                </Form.Item>
                <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                  <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" size="large" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
                  {t('login.submit')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'phone',
            label: t('login.phoneTab'),
            children: (
              <Form form={phoneForm} layout="vertical" onFinish={phoneLogin} data-testid="phone-login" requiredMark={false}>
                <Form.Item name="phoneNumber" rules={[{ required: true, message: t('login.phoneRequired') }]}>
                  <Input prefix={<MobileOutlined />} placeholder={t('login.phone')} autoComplete="tel" size="large" />
                </Form.Item>
                <Form.Item>
                  <Space.Compact block>
                    <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.codeRequired') }]}>
                      <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} size="large" autoComplete="one-time-code" />
                    </Form.Item>
                    <SendCodeButton onSend={sendCode} />
                  </Space.Compact>
                </Form.Item>
                <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                  {t('login.submit')}
                </Button>
              </Form>
            ),
          },
        ]}
      />
      {preview ? null : (
        <Suspense fallback={null}>
          <WeChatLogin returnTo={safeRedirect(new URLSearchParams(location.search).get('redirect'))} />
        </Suspense>
      )}
      <Flex justify="space-between" data-testid="account-links">
        {selfRegistration ? (
          <Link to="/register" data-testid="register-link">
            {ta('register.link')}
          </Link>
        ) : (
          <span />
        )}
        <Link to="/reset-password" data-testid="reset-link">
          {ta('reset.link')}
        </Link>
      </Flex>
    </AccountScreen>
  )
}
