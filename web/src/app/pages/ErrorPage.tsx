import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'

/** The 401 (not permitted) and 404 (no such page) pages. */
export function ErrorPage({ status }: { status: 401 | 404 }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Result
      status={status === 401 ? '403' : '404'}
      title={status}
      subTitle={t(status === 401 ? 'page.401' : 'page.404')}
      data-testid={`page-${status}`}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('page.backHome')}
        </Button>
      }
    />
  )
}
