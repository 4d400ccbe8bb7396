import { useEffect, useRef } from 'react'
import { Alert, App, Button, Form, Input, Skeleton, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { ChangePasswordForm, errorToMessage, HttpError, PageContainer, usePermission, validationErrorsByField } from '../../components'
import type { MyProfile } from '../../api/types'
import { useMyProfile, useUpdateMyProfile } from './api'
import { NOTIFICATIONS_CLIENT, Subscriptions } from './Subscriptions'

type Values = Omit<MyProfile, 'concurrencyStamp'>

function PersonalData() {
  const { t } = useTranslation('profile-setting')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const profile = useMyProfile()
  const update = useUpdateMyProfile()

  // Effects run again each time a kept-alive tab is shown (React <Activity>): fill the form only
  // when the server data really changed, so what the user typed survives switching tabs.
  const filledFor = useRef<string | null>(null)
  useEffect(() => {
    if (profile.data && filledFor.current !== profile.data.concurrencyStamp) {
      filledFor.current = profile.data.concurrencyStamp
      form.setFieldsValue(profile.data)
    }
  }, [profile.data, form])

  if (profile.isPending) return <Skeleton active />
  if (profile.isError)
    return (
      <Alert
        type="error"
        title={t('loadFailed')}
        action={<Button onClick={() => void profile.refetch()}>{tApp('common.retry')}</Button>}
      />
    )

  const save = async (v: Values) => {
    try {
      await update.mutateAsync({
        name: v.name ?? null,
        surname: v.surname ?? null,
        email: v.email ?? null,
        phoneNumber: v.phoneNumber ?? null,
        concurrencyStamp: profile.data.concurrencyStamp,
      })
      message.success(tApp('common.saved'))
    } catch (e) {
      const err = e as HttpError
      const fields = validationErrorsByField(err.data)
      const names = Object.keys(fields).map((k) => k.charAt(0).toLowerCase() + k.slice(1))
      form.setFields(names.map((n, i) => ({ name: n as keyof Values, errors: [Object.values(fields)[i]] })))
      message.error(errorToMessage({ status: err.status, data: err.data, timeout: err.timeout }, tApp).message)
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }} data-testid="profile-form">
      <Form.Item name="userName" label={t('userName')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="surname" label={t('surname')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailInvalid') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phoneNumber" label={t('phoneNumber')} rules={[{ max: 16 }]}>
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {tApp('common.save')}
      </Button>
    </Form>
  )
}

/** /profile-setting/index: personal data, change password, and the notification subscriptions. */
export function ProfileSettingPage() {
  const { t } = useTranslation('profile-setting')
  const { has } = usePermission()
  return (
    <PageContainer>
      <Tabs
        items={[
          { key: 'data', label: t('personalData'), children: <PersonalData /> },
          {
            key: 'password',
            label: t('changePassword'),
            children: (
              <div style={{ maxWidth: 480 }}>
                <ChangePasswordForm />
              </div>
            ),
          },
          ...(has(NOTIFICATIONS_CLIENT) ? [{ key: 'notifications', label: t('notifications'), children: <Subscriptions /> }] : []),
        ]}
      />
    </PageContainer>
  )
}
