import { useEffect } from 'react'
import { App, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { registerSW } from 'virtual:pwa-register'

/** Service-worker update check interval (spec 002 §9). */
export const SW_CHECK_INTERVAL_MS = 3_600_000

/** Registers the service worker; a waiting new version shows 有新版本更新! with 更新, which activates and reloads. */
export function PwaUpdate() {
  const { notification } = App.useApp()
  const { t } = useTranslation()
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    let timer: ReturnType<typeof setInterval> | undefined
    const updateSW = registerSW({
      onNeedRefresh() {
        notification.info({
          key: 'pwa-update',
          title: t('pwa.newVersion'),
          duration: 0,
          actions: (
            <Button type="primary" size="small" onClick={() => void updateSW(true)}>
              {t('pwa.update')}
            </Button>
          ),
        })
      },
      onRegisteredSW(_url, registration) {
        if (registration) timer = setInterval(() => void registration.update(), SW_CHECK_INTERVAL_MS)
      },
    })
    return () => clearInterval(timer)
  }, [notification, t])
  return null
}
