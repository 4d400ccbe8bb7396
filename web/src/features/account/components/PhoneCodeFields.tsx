import { App, Form, Input, Space, type FormInstance } from 'antd'
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { sendPhoneCode, type CodePurpose } from '../api'
import { SendCodeButton } from './SendCodeButton'
import { showServerError } from './serverErrors'

export interface PhoneCodeFieldsProps {
  /** The page's form; only its phoneNumber field is read here. */
  form: FormInstance
  purpose: CodePurpose
  /** data-testid prefix: `<prefix>-phoneNumber`, `<prefix>-code`. */
  testIdPrefix: string
}

/** The phone number and code fields of /register and /reset-password, with the send-code button. */
export function PhoneCodeFields({ form, purpose, testIdPrefix }: PhoneCodeFieldsProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()

  const sendCode = async () => {
    await form.validateFields(['phoneNumber'])
    const phoneNumber = String(form.getFieldValue('phoneNumber'))
    try {
      await sendPhoneCode(purpose, phoneNumber.trim())
      message.success(t('login.codeSent'))
    } catch (e) {
      message.error(showServerError(e, form, ['phoneNumber'], t))
      throw e
    }
  }

  return (
    <>
      <Form.Item name="phoneNumber" rules={[{ required: true, whitespace: true, message: t('login.phoneRequired') }]}>
        <Input prefix={<MobileOutlined />} placeholder={t('login.phone')} autoComplete="tel" size="large" data-testid={`${testIdPrefix}-phoneNumber`} />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} size="large" autoComplete="one-time-code" data-testid={`${testIdPrefix}-code`} />
          </Form.Item>
          <SendCodeButton onSend={sendCode} />
        </Space.Compact>
      </Form.Item>
    </>
  )
}
