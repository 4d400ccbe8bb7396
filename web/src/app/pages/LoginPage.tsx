import { useEffect, useState } from 'react'
import { App, Button, Card, Flex, Form, Input, Modal, Space, Tabs, Typography } from 'antd'
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LanguagePicker } from '../../layout/LanguagePicker'
import { fetchApplicationConfiguration, sendSigninCode } from '../../api/session'
import { OAuthError, passwordGrant, phoneGrant } from '../../api/oauth'
import { getTenant, setTenant, setToken } from '../../api/token'
import { errorToMessage } from '../../api/errors'
import type { HttpError } from '../../api/http'
import { STORAGE_KEYS, writeLocal } from '../../api/storage'

/** Seconds before a new sign-in code may be sent. */
export const CODE_COUNTDOWN_SECONDS = 60

/** /login?redirect=: password and phone-code login, tenant switch, language picker. */
export function LoginPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [tenant, setTenantState] = useState<string | null>(getTenant())
  const [tenantOpen, setTenantOpen] = useState(false)
  const [tenantDraft, setTenantDraft] = useState('')
  const [busy, setBusy] = useState(false)
  const [countdown, setCountdown] = useState(0)
  const [phoneForm] = Form.useForm<{ phoneNumber: string; code: string }>()

  useEffect(() => {
    document.title = `${t('login.title')} - ${t('app.title')}`
  }, [t])

  useEffect(() => {
    if (countdown <= 0) return
    const id = setTimeout(() => setCountdown((c) => c - 1), 1000)
    return () => clearTimeout(id)
  }, [countdown])

  // Anonymous configuration: tells whether multi-tenancy is on.
  const anon = useQuery({
    queryKey: ['abp', 'application-configuration', 'anonymous'],
    queryFn: () => fetchApplicationConfiguration({ silent: true }),
    retry: false,
    staleTime: 60_000,
  })
  const multiTenancy = anon.data?.multiTenancy?.isEnabled ?? true

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

  const passwordLogin = async (v: { username: string; password: string }) => {
    setBusy(true)
    try {
      loggedIn(await passwordGrant(v.username.trim(), v.password, tenant))
    } catch (e) {
      fail(e)
    } finally {
      setBusy(false)
    }
  }

  const phoneLogin = async (v: { phoneNumber: string; code: string }) => {
    setBusy(true)
    try {
      loggedIn(await phoneGrant(v.phoneNumber.trim(), v.code.trim(), tenant))
    } catch (e) {
      fail(e)
    } finally {
      setBusy(false)
    }
  }

  const sendCode = async () => {
    try {
      const { phoneNumber } = await phoneForm.validateFields(['phoneNumber'])
      await sendSigninCode(phoneNumber.trim())
      message.success(t('login.codeSent'))
      setCountdown(CODE_COUNTDOWN_SECONDS)
    } catch (e) {
      if ((e as { errorFields?: unknown }).errorFields) return
      fail(e)
    }
  }

  const saveTenant = () => {
    const name = tenantDraft.trim() || null
    setTenant(name)
    setTenantState(name)
    setTenantOpen(false)
  }

  return (
    <div className="kerf-login">
      <div className="kerf-login-lang">
        <LanguagePicker showName />
      </div>
      <Card className="kerf-login-card" variant="borderless">
        <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
          <img src="/logo.svg" alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('app.subtitle')}</Typography.Text>
        </Flex>
        {multiTenancy ? (
          <Flex justify="space-between" align="center" className="kerf-login-tenant" data-testid="tenant-switch">
            <span>
              {t('login.tenant')}: <b data-testid="tenant-name">{tenant ?? t('login.noTenant')}</b>
            </span>
            <Button
              type="link"
              size="small"
              onClick={() => {
                setTenantDraft(tenant ?? '')
                setTenantOpen(true)
              }}
            >
              {t('login.switchTenant')}
            </Button>
          </Flex>
        ) : null}
        <Tabs
          centered
          items={[
            {
              key: 'password',
              label: t('login.passwordTab'),
              children: (
                <Form layout="vertical" onFinish={passwordLogin} data-testid="password-login" requiredMark={false}>
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
                      <Button size="large" disabled={countdown > 0} onClick={sendCode} data-testid="send-code">
                        {countdown > 0 ? t('login.resendIn', { seconds: countdown }) : t('login.sendCode')}
                      </Button>
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
      </Card>
      <Modal
        open={tenantOpen}
        title={t('login.switchTenant')}
        onOk={saveTenant}
        onCancel={() => setTenantOpen(false)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('login.tenantHint')}</Typography.Paragraph>
        <Input
          value={tenantDraft}
          onChange={(e) => setTenantDraft(e.target.value)}
          placeholder={t('login.tenantName')}
          onPressEnter={saveTenant}
          data-testid="tenant-input"
          autoFocus
        />
      </Modal>
    </div>
  )
}
