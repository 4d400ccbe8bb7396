import { Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/PageContainer'

/** The default layout a menu item falls back to when no feature has its page (yet). */
export function DefaultLayoutPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <Result status="info" title={t('page.defaultTitle')} subTitle={t('page.defaultBody')} data-testid="default-layout" />
    </PageContainer>
  )
}
