import { Button, Dropdown } from 'antd'
import { TranslationOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { pickerLanguages, setLanguage, toCulture } from '../i18n'
import { sessionKeys } from '../api/session'
import { useAppConfig } from '../components/useAppConfig'

/**
 * Language picker: the languages the server has enabled (the bundled zh-Hans and en before the
 * configuration arrives or offline); saves the choice, then the menu and configuration are
 * fetched again in it.
 */
export function LanguagePicker({ showName = false }: { showName?: boolean }) {
  const { i18n, t } = useTranslation()
  const qc = useQueryClient()
  const { data: config } = useAppConfig()
  const languages = pickerLanguages(config?.localization?.languages)
  const current = toCulture(i18n.language)
  const name = languages.find((l) => l.cultureName === current)?.displayName ?? current
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((l) => ({
          key: l.cultureName,
          label: <span data-testid={`lang-${l.cultureName}`}>{l.displayName}</span>,
        })),
        onClick: async ({ key }) => {
          if (key === current) return
          await setLanguage(toCulture(key))
          void qc.invalidateQueries({ queryKey: sessionKeys.config })
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('navbar.language')} data-testid="language-picker">
        {showName ? name : null}
      </Button>
    </Dropdown>
  )
}
