import { useRef } from 'react'
import { App, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged } from '../../../components'
import { useUserMutations, type UserDto } from '../api'
import { checkForm, displayName, matchesRule, messagesByField, requiredRule } from '../rules'
import { MAX_LENGTH } from './UserDialog'

export interface SetPasswordDialogProps {
  user: UserDto | null
  onClose: () => void
}

interface Values {
  newPassword: string
  confirmPassword: string
}

/**
 * An administrator sets a user's password: typed twice (they must match), checked by the
 * server's password rules (each broken rule shows on the field). The user is signed out everywhere.
 */
export function SetPasswordDialog({ user, onClose }: SetPasswordDialogProps) {
  const { t } = useTranslation('users')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { password } = useUserMutations()
  const busy = useRef(false)

  useWhenChanged(user, (u) => {
    if (u) form.resetFields()
  })

  const submit = async () => {
    if (!user || busy.current) return
    const { values } = await checkForm(form)
    if (!values) return
    busy.current = true
    try {
      await password.mutateAsync({ id: user.id, newPassword: values.newPassword })
      message.success(t('password.done', { name: user.userName }))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? messagesByField(e.data) : {}
      if (byField.newPassword?.length) form.setFields([{ name: 'newPassword', errors: byField.newPassword }])
      else {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  return (
    <SaveModal
      open={!!user}
      title={t('password.title', { name: user ? displayName(user) : '' })}
      saving={password.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="user-password-save"
    >
      <Typography.Paragraph type="secondary">{t('password.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" data-testid="user-password-dialog">
        <Form.Item
          name="newPassword"
          label={t('field.newPassword')}
          rules={[requiredRule(t, 'field.newPassword'), { max: MAX_LENGTH.password, message: t('rule.max', { max: MAX_LENGTH.password }) }]}
        >
          <Input.Password autoFocus autoComplete="new-password" onPressEnter={() => void submit()} data-testid="user-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['newPassword']}
          rules={[requiredRule(t, 'field.confirmPassword'), matchesRule('newPassword', t('rule.passwordMismatch'))]}
        >
          <Input.Password autoComplete="new-password" onPressEnter={() => void submit()} data-testid="user-password-confirm" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
