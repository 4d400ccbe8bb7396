import { useEffect, useRef } from 'react'
import { App, Button, Flex, Modal, Result, Spin, Typography } from 'antd'
import { WechatOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { checkBindQuery, useUnbind } from './api'
import { QRCodePanel } from './QRCodePanel'

/** How often the dialog asks whether the account got bound while its QR code shows (spec 000 §2). */
export const POLL_MS = 2000

/**
 * The navbar's WeChat official-account dialog (spec 000 §2, permission WeChat.Official): the
 * binding state, a QR code to bind (the state is polled every 2 s until bound) and unbinding.
 */
export function WeChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wechat')
  const { message, modal } = App.useApp()
  const { pathname, search } = useLocation()
  const bind = useQuery({
    ...checkBindQuery(),
    enabled: open,
    refetchInterval: (q) => (open && q.state.data && !q.state.data.isBind ? POLL_MS : false),
  })
  const unbind = useUnbind()
  const bound = bind.data?.isBind ?? false
  // Tell the user when a scan (on a phone) bound the account while the dialog was open.
  const wasBound = useRef<boolean | null>(null)
  useEffect(() => {
    if (bind.data === undefined) return
    if (wasBound.current === false && bound) message.success(t('boundNow'))
    wasBound.current = bound
  }, [bind.data, bound, message, t])

  const confirmUnbind = () =>
    modal.confirm({
      title: t('tips'),
      content: t('unbindConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        await unbind.mutateAsync()
        message.success(t('unbound'))
      },
    })

  let body: React.ReactNode
  if (bind.isError && !bind.data) {
    body = (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void bind.refetch()}>{t('retry')}</Button>}
      />
    )
  } else if (!bind.data) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    )
  } else if (bound) {
    body = (
      <Result
        icon={<WechatOutlined style={{ color: '#07c160' }} />}
        title={<span data-testid="wechat-bound">{t('bound')}</span>}
        subTitle={bind.data.nickName ? t('boundAs', { name: bind.data.nickName }) : undefined}
        extra={
          <Button danger onClick={confirmUnbind} loading={unbind.isPending} data-testid="wechat-unbind">
            {t('unbind')}
          </Button>
        }
      />
    )
  } else {
    body = (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary" data-testid="wechat-not-bound">
          {t('notBound')}
        </Typography.Text>
        <QRCodePanel purpose="bind" returnTo={pathname + search} hint={t('scanToBind')} />
      </Flex>
    )
  }
  return (
    <Modal open={open} title={t('title')} footer={null} onCancel={onClose} destroyOnHidden width={420} data-testid="wechat-dialog">
      {body}
    </Modal>
  )
}
