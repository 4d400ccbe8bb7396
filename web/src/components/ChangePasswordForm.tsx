import { useState } from 'react'
import { App, Button, Flex, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { changeMyPassword } from '../api/session'
import { errorToMessage } from '../api/errors'
import type { HttpError } from '../api/http'

interface Values {
  currentPassword: string
  newPassword: string
  /** Spelling as in the contract (spec 000 §3). */
  corfirmPassword: string
}

export interface ChangePasswordFormProps {
  onDone?: () => void
  onCancel?: () => void
}

/** Change password: the four validation messages of spec 000 §5, a success message, then onDone. */
export function ChangePasswordForm({ onDone, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)

  const submit = async (v: Values) => {
    setSaving(true)
    try {
      await changeMyPassword(v.currentPassword, v.newPassword)
      message.success(t('password.changed'))
      form.resetFields()
      onDone?.()
    } catch (e) {
      const err = e as HttpError
      message.error(errorToMessage({ status: err.status, data: err.data, timeout: err.timeout }, t).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="change-password-form" autoComplete="off">
      <Form.Item name="currentPassword" label={t('password.current')} rules={[{ required: true, message: t('password.currentRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password.new')} rules={[{ required: true, message: t('password.newRequired') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="corfirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.confirm')}
        </Button>
      </Flex>
    </Form>
  )
}
