import { Button, Dropdown } from 'antd'
import { TranslationOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES, setLanguage } from '../i18n'
import { SUPPORTED_LANGUAGES, toAppLanguage } from '../api/language'
import { sessionKeys } from '../api/session'

/** Language picker: saves the choice; the menu and configuration are fetched again in it. */
export function LanguagePicker({ showName = false }: { showName?: boolean }) {
  const { i18n, t } = useTranslation()
  const qc = useQueryClient()
  const current = toAppLanguage(i18n.language)
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: SUPPORTED_LANGUAGES.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{LANGUAGE_NAMES[l]}</span> })),
        onClick: async ({ key }) => {
          if (key === current) return
          await setLanguage(toAppLanguage(key))
          void qc.invalidateQueries({ queryKey: sessionKeys.config })
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('navbar.language')} data-testid="language-picker">
        {showName ? LANGUAGE_NAMES[current] : null}
      </Button>
    </Dropdown>
  )
}
