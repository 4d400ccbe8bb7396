import { useEffect, useRef, useState } from 'react'
import { App, Button, Result, Spin } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { OAuthError } from '../../api/oauth'
import { getTenant, getToken, setToken } from '../../api/token'
import { STORAGE_KEYS, writeLocal } from '../../api/storage'
import { DASHBOARD_PATH } from '../../app/buildRoutes'
import { bindAccount, wechatGrant, wechatKeys } from './api'
import { codeToSend, readRedirectQuery, takePending } from './flow'

/**
 * /auth-redirect (spec 002 §2.1): where WeChat (or the development QR code) sends the browser
 * with code and state. A bind state binds the logged-in user's account and goes back to the
 * page that showed the QR code, with a message; a sign-in state logs in through the token
 * endpoint's wechat grant and lands on the login's redirect (or the dashboard). A state this
 * browser did not ask for is tried as a binding when logged in, then as a sign-in (the server
 * knows which it is and refuses the other). Errors stay on the page, with a link back to /login.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation('wechat')
  const { t: tc } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { search } = useLocation()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    document.title = t('redirect.title')
    const q = readRedirectQuery(search)
    if ('error' in q) {
      setError(t('redirect.missing'))
      return
    }
    const pending = takePending(q.state)
    const code = codeToSend(q.code)
    const loggedIn = !!getToken()
    const run = async () => {
      if (pending?.purpose === 'bind' && !loggedIn) throw new Error(t('redirect.loginFirst'))
      if (loggedIn && pending?.purpose !== 'login') {
        try {
          await bindAccount(code, q.state)
          await qc.invalidateQueries({ queryKey: wechatKeys.bind })
          message.success(t('boundNow'))
          navigate(pending?.returnTo ?? '/', { replace: true })
          return
        } catch (e) {
          if (pending) throw e // a bind state of ours: its refusal is the answer
        }
      }
      const answer = await wechatGrant(code, q.state, getTenant())
      qc.clear()
      writeLocal(STORAGE_KEYS.impersonating, null)
      setToken(answer)
      const to = pending?.returnTo && pending.returnTo !== '/' ? pending.returnTo : DASHBOARD_PATH
      navigate(to, { replace: true })
    }
    run().catch((e: unknown) => {
      if (e instanceof OAuthError) setError(e.status === 0 ? tc('http.network') : e.message)
      else setError((e as Error).message || t('redirect.failed'))
    })
  }, [search, t, tc, message, navigate, qc])

  return (
    <div className="kerf-boot" data-testid="auth-redirect">
      {error ? (
        <Result
          status="warning"
          title={t('redirect.failed')}
          subTitle={<span data-testid="auth-redirect-error">{error}</span>}
          extra={[
            <Link key="login" to="/login" data-testid="auth-redirect-login">
              <Button type="primary">{t('redirect.backToLogin')}</Button>
            </Link>,
          ]}
        />
      ) : (
        <Spin size="large" description={t('redirect.working')} />
      )}
    </div>
  )
}
