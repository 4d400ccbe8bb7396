import { useState } from 'react'
import { Button, Modal } from 'antd'
import { WechatOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { signInOptionsQuery } from './api'
import { QRCodePanel } from './QRCodePanel'

/**
 * The login page's "sign in with WeChat" (when the server offers it: the external provider
 * WeChat is enabled, or the development provider is there): a QR code whose scan comes back to
 * /auth-redirect, which finishes the login and lands on returnTo.
 */
export function WeChatLogin({ returnTo, disabled }: { returnTo: string; disabled?: boolean }) {
  const { t } = useTranslation('wechat')
  const [open, setOpen] = useState(false)
  const options = useQuery(signInOptionsQuery())
  if (!options.data?.enabled) return null
  return (
    <div style={{ marginBottom: 16 }}>
      <Button block size="large" icon={<WechatOutlined />} onClick={() => setOpen(true)} disabled={disabled} data-testid="wechat-login">
        {t('login.button')}
      </Button>
      <Modal open={open} title={t('login.title')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={420}>
        <QRCodePanel purpose="login" returnTo={returnTo} hint={t('login.scan')} />
      </Modal>
    </div>
  )
}
