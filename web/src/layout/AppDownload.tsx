import { Flex, Modal, QRCode, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** The app-download QR code (loaded when first opened). */
export function AppDownload({ open, url, onClose }: { open: boolean; url: string; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open={open} title={t('navbar.appDownload')} footer={null} onCancel={onClose} width={320}>
      <Flex vertical align="center" gap={8} data-testid="app-download">
        <QRCode value={url} />
        <Typography.Text type="secondary">{t('navbar.appDownloadHint')}</Typography.Text>
        <Typography.Text copyable>{url}</Typography.Text>
      </Flex>
    </Modal>
  )
}
