import type { ReactNode } from 'react'
import { Card, Flex, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LanguagePicker } from '../../../layout/LanguagePicker'
import { fetchApplicationConfiguration } from '../../../api/session'
import { TenantSwitch } from './TenantSwitch'

/** The anonymous configuration's query key (the login page reads the same). */
export const ANONYMOUS_CONFIG_KEY = ['abp', 'application-configuration', 'anonymous'] as const

/**
 * Whether tenants are on, from the anonymous configuration: off while it loads (a single-factory
 * install never flashes a tenant field), on when it cannot be read.
 */
export function useMultiTenancy(): boolean {
  const anon = useQuery({
    queryKey: ANONYMOUS_CONFIG_KEY,
    queryFn: () => fetchApplicationConfiguration({ silent: true }),
    retry: false,
    staleTime: 60_000,
  })
  if (anon.isPending) return false
  return anon.data?.multiTenancy?.isEnabled ?? true
}

/**
 * Whether the tenant lets people register themselves (Abp.Account.IsSelfRegistrationEnabled, the
 * settings page's account tab): on while the configuration loads or cannot be read, as the server
 * refuses a registration it does not allow anyway.
 */
export function useSelfRegistration(): boolean {
  const anon = useQuery({
    queryKey: ANONYMOUS_CONFIG_KEY,
    queryFn: () => fetchApplicationConfiguration({ silent: true }),
    retry: false,
    staleTime: 60_000,
  })
  return anon.data?.setting?.values?.['Abp.Account.IsSelfRegistrationEnabled'] !== 'false'
}

export interface AccountScreenProps {
  /** Under the product's name: what the screen is for. */
  subtitle: ReactNode
  /** Above the title (the preview's tag). */
  extra?: ReactNode
  children: ReactNode
}

/** The frame of the login, register and reset-password screens: language, logo, tenant. */
export function AccountScreen({ subtitle, extra, children }: AccountScreenProps) {
  const { t } = useTranslation()
  const multiTenancy = useMultiTenancy()
  return (
    <div className="kerf-login">
      <div className="kerf-login-lang">
        <LanguagePicker showName />
      </div>
      <Card className="kerf-login-card" variant="borderless">
        {extra}
        <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
          <img src="/logo.svg" alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </Flex>
        {multiTenancy ? <TenantSwitch /> : null}
        {children}
      </Card>
    </div>
  )
}
