import { Link } from 'react-router'
import { Card, Col, Descriptions, Empty, List, Row, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageContainer, useAppConfig, useShellRoutes, routeTitle } from '../../components'

/** The dashboard: who you are, your tenant, and the pages you may open. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const { t: tApp } = useTranslation()
  const { data: config } = useAppConfig()
  const { pages } = useShellRoutes()
  const user = config?.currentUser
  const tenant = config?.currentTenant
  const links = pages.filter((p) => !p.hidden && !p.path.includes(':') && p.path !== '/dashboard')
  const fullName = [user?.name, user?.surName].filter(Boolean).join(' ')
  return (
    <PageContainer>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('whoYouAre')} size="small" data-testid="dashboard-user">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('userName')}>
                <span data-testid="dashboard-username">{user?.userName}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('name')}>{fullName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('email')}>{user?.email || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('phone')}>{user?.phoneNumber || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('roles')}>
                {user?.roles?.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('tenant')} size="small" data-testid="dashboard-tenant">
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {tenant?.name ? tenant.name : t('host')}
            </Typography.Title>
            <Typography.Text type="secondary">{tenant?.name ? t('tenantHint') : t('hostHint')}</Typography.Text>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('pages')} size="small" data-testid="dashboard-pages">
            {links.length ? (
              <List
                grid={{ gutter: 12, xs: 1, sm: 2, md: 3, lg: 4 }}
                dataSource={links}
                renderItem={(p) => (
                  <List.Item>
                    <Link to={p.path}>
                      {[...p.parents, routeTitle(p, tApp)].join(' > ')}
                    </Link>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description={t('noPages')} />
            )}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  )
}
