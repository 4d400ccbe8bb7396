import { useState } from 'react'
import { App, Button, Flex, Form, Result, Spin, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../../api/http'
import { validationErrorsByField } from '../../../api/errors'
import { NewPasswordFields } from './NewPasswordFields'
import { showServerError } from './serverErrors'
import { resetPasswordWithToken, verifyPasswordResetToken } from '../api'

export interface LinkResetFormProps {
  userId: string
  resetToken: string
}

interface Values {
  password: string
  confirmPassword: string
}

/** Where an invalid or expired link sends the user: the e-mail way, to ask for a new link. */
export const ASK_AGAIN_PATH = '/reset-password?method=email'

/**
 * /reset-password opened from the e-mailed link: the link is checked first; a good one shows only
 * the new password and its confirmation, then the login page; a used or expired one says so and
 * offers to ask for a new one.
 */
export function LinkResetForm({ userId, resetToken }: LinkResetFormProps) {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const verify = useQuery({
    queryKey: ['account', 'password-reset-link', userId, resetToken],
    queryFn: () => verifyPasswordResetToken(userId, resetToken),
    retry: false,
    staleTime: Infinity,
  })

  const submit = async (v: Values) => {
    setBusy(true)
    try {
      await resetPasswordWithToken({ userId, resetToken, password: v.password })
      message.success(ta('reset.done'))
      navigate('/login', { replace: true })
    } catch (e) {
      message.error(showServerError(e, form, ['password'], t))
      // Not the password's fault: the link went bad meanwhile (used, expired); say so.
      if (e instanceof HttpError && e.status === 400 && Object.keys(validationErrorsByField(e.data)).length === 0) void verify.refetch()
    } finally {
      setBusy(false)
    }
  }

  if (verify.isPending)
    return (
      <Flex vertical align="center" gap={8} style={{ padding: 24 }} data-testid="reset-link-checking">
        <Spin />
        <Typography.Text type="secondary">{ta('reset.link.checking')}</Typography.Text>
      </Flex>
    )
  if (verify.isError)
    return (
      <Result
        status="warning"
        title={verify.error.message}
        style={{ padding: '16px 0' }}
        extra={<Button onClick={() => void verify.refetch()}>{t('common.retry')}</Button>}
      />
    )
  if (!verify.data)
    return (
      <Result
        status="error"
        title={ta('reset.link.invalid')}
        subTitle={ta('reset.link.invalidHint')}
        data-testid="reset-link-invalid"
        style={{ padding: '16px 0' }}
        extra={
          <Link to={ASK_AGAIN_PATH} replace data-testid="reset-ask-again">
            {ta('reset.link.askAgain')}
          </Link>
        }
      />
    )

  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="reset-link-form" requiredMark={false} autoComplete="off">
      <Typography.Paragraph type="secondary">{ta('reset.link.hint')}</Typography.Paragraph>
      <NewPasswordFields name="password" placeholder={t('password.new')} testIdPrefix="reset-link" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-link-submit">
        {ta('reset.submit')}
      </Button>
    </Form>
  )
}
