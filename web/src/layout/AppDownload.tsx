import { Empty, Flex, Modal, QRCode, Spin, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { http } from '../api/http'

const BASIC_SETUP_PATH = '/api/app/basic-setup-setting'

/**
 * The app-download QR code (loaded when first opened): the address is the basic setup's
 * App.DownloadUrl (GET /api/app/basic-setup-setting, the settings page edits it); with none set
 * the dialog says so. The query key is the settings page's, so a save there shows here.
 */
export function AppDownload({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const q = useQuery({
    queryKey: ['settings', BASIC_SETUP_PATH],
    queryFn: ({ signal }) => http.get<{ downloadUrl?: string }>(BASIC_SETUP_PATH, { signal }),
  })
  const url = q.data?.downloadUrl?.trim() ?? ''
  return (
    <Modal open={open} title={t('navbar.appDownload')} footer={null} onCancel={onClose} width={320}>
      <Flex vertical align="center" gap={8} data-testid="app-download">
        {q.isPending ? (
          <Spin />
        ) : url ? (
          <>
            <QRCode value={url} data-testid="app-download-qr" />
            <Typography.Text type="secondary">{t('navbar.appDownloadHint')}</Typography.Text>
            <Typography.Text copyable data-testid="app-download-url">
              {url}
            </Typography.Text>
          </>
        ) : (
          <Empty description={t('navbar.appDownloadNone')} data-testid="app-download-none" />
        )}
      </Flex>
    </Modal>
  )
}
