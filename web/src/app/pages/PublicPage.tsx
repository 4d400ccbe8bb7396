import { Button, Result } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'

/** Public routes whose screens belong to later work (register, reset password, ...). */
export function PublicPage() {
  const { t } = useTranslation()
  return (
    <Result
      status="info"
      title={t('page.defaultTitle')}
      extra={
        <Link to="/login">
          <Button type="primary">{t('login.backToLogin')}</Button>
        </Link>
      }
    />
  )
}
