import { Suspense } from 'react'
import { Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AppRoute } from './buildRoutes'
import { pageFor } from './registry'
import { PageBoundary } from './PageBoundary'

/** The page of a route: looked up in the registry by component key, loaded lazily. */
export function RoutePage({ route }: { route: AppRoute }) {
  const { t } = useTranslation()
  const Page = pageFor(route.component)
  return (
    <PageBoundary title={t('page.error')}>
      <Suspense
        fallback={
          <div className="kerf-page-loading">
            <Spin />
          </div>
        }
      >
        <Page />
      </Suspense>
    </PageBoundary>
  )
}
