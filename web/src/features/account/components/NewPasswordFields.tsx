import { Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

export interface NewPasswordFieldsProps {
  /** The form field of the new password; its confirmation is `confirmPassword`. */
  name: string
  placeholder: string
  /** data-testid prefix: `<prefix>-<name>`, `<prefix>-confirmPassword`. */
  testIdPrefix: string
}

/** A new password and its confirmation, which must match (/register, /reset-password). */
export function NewPasswordFields({ name, placeholder, testIdPrefix }: NewPasswordFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item name={name} rules={[{ required: true, message: t('password.newRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={placeholder} autoComplete="new-password" size="large" data-testid={`${testIdPrefix}-${name}`} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={[name]}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('password.confirm')}
          autoComplete="new-password"
          size="large"
          data-testid={`${testIdPrefix}-confirmPassword`}
        />
      </Form.Item>
    </>
  )
}
