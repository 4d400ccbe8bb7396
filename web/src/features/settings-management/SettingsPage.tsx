import { useState } from 'react'
import { Button, Empty, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageContainer, usePermission } from '../../components'
import { GROUPS, EXTERNAL_PROVIDERS_KEY } from './groups'
import { SettingsPermissions } from './permissions'
import { GroupForm } from './components/GroupForm'
import { ExternalProvidersForm } from './components/ExternalProvidersForm'
import { SendTestEmailDialog } from './components/SendTestEmailDialog'

/**
 * admin/settings/index (spec 002 §7.10, docs/decisions/0014): one tab per settings group the
 * caller may see, each a form saved as a whole at the caller's level (a tenant's administrator
 * the tenant's values, the host the installation's).
 */
export function SettingsPage() {
  const { t } = useTranslation('settings-management')
  const { has } = usePermission()
  const [testOpen, setTestOpen] = useState(false)
  const tabs = GROUPS.filter((g) => has(g.permission)).map((g) => ({
    key: g.key,
    label: <span data-testid={`settings-tab-${g.key}`}>{t(`tab.${g.key}`)}</span>,
    children: (
      <GroupForm
        group={g}
        extra={
          g.key === 'emailing' ? (
            <Button onClick={() => setTestOpen(true)} data-testid="settings-send-test-email">
              {t('testEmail.open')}
            </Button>
          ) : undefined
        }
      />
    ),
  }))
  if (has(SettingsPermissions.ExternalProviders)) {
    const at = tabs.findIndex((x) => x.key === 'recaptcha')
    tabs.splice(at < 0 ? tabs.length : at + 1, 0, {
      key: EXTERNAL_PROVIDERS_KEY,
      label: <span data-testid={`settings-tab-${EXTERNAL_PROVIDERS_KEY}`}>{t(`tab.${EXTERNAL_PROVIDERS_KEY}`)}</span>,
      children: <ExternalProvidersForm />,
    })
  }
  return (
    <PageContainer>
      {tabs.length ? <Tabs items={tabs} destroyOnHidden data-testid="settings-tabs" /> : <Empty description={t('none')} />}
      {testOpen ? <SendTestEmailDialog open={testOpen} onClose={() => setTestOpen(false)} /> : null}
    </PageContainer>
  )
}
