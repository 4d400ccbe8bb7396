import type { ReactNode } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Alert, Button, Empty, Flex, Result, Spin, Tabs, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { designQuery } from './api'
import type { Solution } from './types'
import { CabinetCard } from './components/CabinetCard'

/**
 * The development design platform's viewer (`/home-design/viewer/:planId`, `?solution=CODE`
 * for one solution): each cabinet of the plan drawn from its JSON, with its panels and hardware.
 * The order screen shows it in an iframe, so it is routed outside the shell's layout (no
 * sidebar, header or tabs; see BARE_PAGES in src/app/buildRoutes.ts).
 */
export function DesignViewerPage() {
  const { t } = useTranslation('home-design')
  const { planId = '' } = useParams()
  const [search] = useSearchParams()
  const code = search.get('solution')?.trim() || ''
  const design = useQuery({ ...designQuery(planId), enabled: !!planId })

  let content: ReactNode
  if (design.isLoading) {
    content = (
      <div className="kerf-page-loading">
        <Spin />
      </div>
    )
  } else if (design.isError) {
    content = (
      <Result
        status="warning"
        title={design.error.message || t('loadFailed')}
        extra={<Button onClick={() => void design.refetch()}>{t('retry')}</Button>}
      />
    )
  } else {
    const solutions = design.data?.solutions ?? []
    if (code) {
      const one = solutions.find((s) => s.code === code)
      content = one ? <SolutionView solution={one} /> : <Result status="warning" title={t('viewer.noSolution', { code })} />
    } else if (!solutions.length) {
      content = <Empty description={t('viewer.noCabinets')} />
    } else {
      content = (
        <Tabs
          items={solutions.map((s) => ({
            key: s.code,
            label: s.name ? `${s.name} (${s.code})` : s.code,
            children: <SolutionView solution={s} />,
          }))}
        />
      )
    }
  }

  return (
    <div className="kerf-page" data-testid="home-design-viewer" style={{ padding: 16 }}>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
          {t('viewer.title')}
        </Typography.Title>
        {design.data ? (
          <Typography.Text strong data-testid="design-name">
            {design.data.name}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary">{t('viewer.plan', { planId })}</Typography.Text>
      </Flex>
      <Alert type="info" showIcon title={t('viewer.notice')} style={{ marginBottom: 16 }} />
      {content}
    </div>
  )
}

function SolutionView({ solution: s }: { solution: Solution }) {
  const { t } = useTranslation('home-design')
  const cabinets = s.cabinets ?? []
  return (
    <div data-testid="solution" data-code={s.code}>
      <Typography.Title level={5}>{s.name ? `${s.name} (${s.code})` : s.code}</Typography.Title>
      {cabinets.length ? cabinets.map((c, i) => <CabinetCard key={`${c.name}-${i}`} cabinet={c} />) : <Empty description={t('viewer.noCabinets')} />}
    </div>
  )
}
