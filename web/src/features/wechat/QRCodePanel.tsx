import { useEffect } from 'react'
import { Alert, Button, Flex, QRCode as AntQRCode, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { qrcodeQuery, type Purpose } from './api'
import { rememberPending } from './flow'

export interface QRCodePanelProps {
  purpose: Purpose
  /** Where /auth-redirect lands afterwards. */
  returnTo: string
  hint: string
}

/**
 * A QR code of the server's provider for purpose, renewed before its state expires. The
 * development provider's code is Kerf's own /auth-redirect address: shown as a QR code with a
 * link that plays the scan in this browser. The official provider's is WeChat's QR page: a
 * button opens it.
 */
export function QRCodePanel({ purpose, returnTo, hint }: QRCodePanelProps) {
  const { t } = useTranslation('wechat')
  const qr = useQuery({
    ...qrcodeQuery(purpose),
    refetchInterval: (q) => (q.state.data ? Math.max(q.state.data.expiresIn - 15, 15) * 1000 : false),
  })
  const data = qr.data
  useEffect(() => {
    if (data) rememberPending({ state: data.state, purpose, returnTo })
  }, [data, purpose, returnTo])

  if (qr.isError && !data) {
    return (
      <Flex vertical align="center" gap={8} data-testid="wechat-qrcode-error">
        <Typography.Text type="danger">{(qr.error as Error).message || t('loadFailed')}</Typography.Text>
        <Button onClick={() => void qr.refetch()}>{t('retry')}</Button>
      </Flex>
    )
  }
  if (data?.provider === 'wechat') {
    return (
      <Flex vertical align="center" gap={8} data-testid="wechat-qrcode">
        <Typography.Text>{hint}</Typography.Text>
        <Button type="primary" href={data.url} data-testid="wechat-open">
          {t('openWeChat')}
        </Button>
      </Flex>
    )
  }
  return (
    <Flex vertical align="center" gap={8} data-testid="wechat-qrcode">
      <Typography.Text>{hint}</Typography.Text>
      <AntQRCode
        value={data?.url ?? '-'}
        status={data ? 'active' : 'loading'}
        onRefresh={() => void qr.refetch()}
        data-testid="wechat-qrcode-image"
      />
      {data ? (
        <>
          <Alert type="warning" showIcon title={t('devHint')} style={{ maxWidth: 360 }} />
          <Typography.Link href={data.url} data-testid="wechat-dev-link">
            {purpose === 'bind' ? t('openDevBind') : t('openDevLogin')}
          </Typography.Link>
        </>
      ) : null}
    </Flex>
  )
}
