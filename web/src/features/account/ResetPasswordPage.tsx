import { useState } from 'react'
import { Flex, Segmented } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { setTenant } from '../../api/token'
import { useDocumentTitle } from './components/useDocumentTitle'
import { AccountScreen } from './components/AccountScreen'
import { PhoneResetForm } from './components/PhoneResetForm'
import { EmailResetRequest } from './components/EmailResetRequest'
import { LinkResetForm } from './components/LinkResetForm'

type Method = 'phone' | 'email'

/**
 * /reset-password (spec 002 §2.1, §7.3; decision 0014): a new password by phone code or by an
 * e-mailed link. Opened from the e-mail (`userId`, `resetToken` and, for a tenant's user,
 * `__tenant` in the query), it checks the link and asks only for the new password. The tenant of
 * the link becomes the selected tenant, as the login page's tenant switch would make it.
 * `?method=email` opens the e-mail way.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const [params, setParams] = useSearchParams()
  // Before the tenant line and the calls read it (the first render, once).
  useState(() => {
    const tenant = params.get('__tenant')?.trim()
    if (tenant) setTenant(tenant)
    return tenant
  })
  useDocumentTitle(ta('reset.title'))
  const userId = params.get('userId')?.trim()
  const resetToken = params.get('resetToken')?.trim()
  const method: Method = params.get('method') === 'email' ? 'email' : 'phone'

  let body
  if (userId && resetToken) body = <LinkResetForm userId={userId} resetToken={resetToken} />
  else
    body = (
      <>
        <Segmented<Method>
          block
          value={method}
          onChange={(m) => setParams({ method: m }, { replace: true })}
          options={[
            { value: 'phone', label: ta('reset.byPhone') },
            { value: 'email', label: ta('reset.byEmail') },
          ]}
          style={{ marginBottom: 16 }}
          data-testid="reset-method"
        />
        {method === 'phone' ? <PhoneResetForm /> : <EmailResetRequest />}
      </>
    )

  return (
    <AccountScreen subtitle={ta('reset.title')}>
      {body}
      <Flex justify="center" style={{ marginTop: 12 }}>
        <Link to="/login">{t('login.backToLogin')}</Link>
      </Flex>
    </AccountScreen>
  )
}
