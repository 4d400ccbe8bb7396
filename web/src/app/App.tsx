import { useEffect } from 'react'
import { BrowserRouter } from 'react-router'
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { AppRoutes } from './AppRoutes'
import { installRuntime } from '../api/runtime'
import { toAppLanguage } from '../api/language'
import { sessionKeys } from '../api/session'
import { useAppStore, useSettingsStore, type SizeName } from '../layout/stores'
import { PwaUpdate } from '../layout/PwaUpdate'
import { i18n } from '../i18n'

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
})

const componentSize: Record<SizeName, 'middle' | 'small'> = { medium: 'middle', small: 'small', mini: 'small' }

/** Connects the HTTP layer to the translator, the notifications and the session. */
function RuntimeBridge() {
  const { notification, message } = AntApp.useApp()
  const qc = useQueryClient()
  useEffect(() => {
    installRuntime({
      t: (key) => i18n.t(key),
      notify: (n) =>
        notification[n.type]({ key: n.key, title: n.title ?? n.message, description: n.title ? n.message : undefined, duration: n.duration ?? 5 }),
      onSessionExpired: (text) => {
        // The route guard sends the user to login with the redirect; say why.
        message.error(text || 'Has Error')
        qc.removeQueries({ queryKey: sessionKeys.config })
        qc.removeQueries({ queryKey: ['menu'] })
      },
    })
  }, [notification, message, qc])
  return null
}

export function App() {
  const { i18n: i } = useTranslation()
  const lang = toAppLanguage(i.language)
  const colour = useSettingsStore((s) => s.theme)
  const size = useAppStore((s) => s.size)
  useEffect(() => {
    document.documentElement.dataset.size = size
    document.documentElement.style.setProperty('--kerf-theme', colour)
  }, [size, colour])
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'en' ? enUS : zhCN}
        componentSize={componentSize[size]}
        button={{ autoInsertSpace: false }}
        theme={{ token: { colorPrimary: colour }, algorithm: size === 'mini' ? antdTheme.compactAlgorithm : antdTheme.defaultAlgorithm }}
      >
        <AntApp>
          <RuntimeBridge />
          <PwaUpdate />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  )
}
