import { Button, ColorPicker, Drawer, Flex, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DEFAULT_THEME, useAppStore, useSettingsStore, type Settings } from './stores'

const PRESETS = [DEFAULT_THEME, '#1890ff', '#304156', '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16']

/** Theme colour, tags view, sidebar logo, fixed header, sidebar text theme; saved across reloads. */
export function SettingsDrawer() {
  const { t } = useTranslation()
  const open = useAppStore((s) => s.settingsOpen)
  const setOpen = useAppStore((s) => s.setSettingsOpen)
  const settings = useSettingsStore()
  const row = (key: Exclude<keyof Settings, 'theme'>, label: string) => (
    <Flex justify="space-between" align="center" className="kerf-setting-row">
      <span>{label}</span>
      <Switch checked={settings[key]} onChange={(v) => settings.change({ [key]: v })} data-testid={`setting-${key}`} />
    </Flex>
  )
  return (
    <Drawer open={open} onClose={() => setOpen(false)} title={t('settings.title')} size={300} data-testid="settings-drawer">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" className="kerf-setting-row">
          <span>{t('settings.theme')}</span>
          <ColorPicker
            value={settings.theme}
            presets={[{ label: t('settings.presets'), colors: PRESETS }]}
            onChangeComplete={(c) => settings.change({ theme: c.toHexString() })}
            disabledAlpha
          />
        </Flex>
        {row('tagsView', t('settings.tagsView'))}
        {row('sidebarLogo', t('settings.sidebarLogo'))}
        {row('fixedHeader', t('settings.fixedHeader'))}
        {row('sidebarTextTheme', t('settings.sidebarTextTheme'))}
        <Typography.Text type="secondary">{t('settings.saved')}</Typography.Text>
        <Button onClick={settings.reset}>{t('settings.reset')}</Button>
      </Flex>
    </Drawer>
  )
}
