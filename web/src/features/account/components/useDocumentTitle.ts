import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Sets the page title to `title - product title`. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} - ${t('app.title')}`
  }, [title, t])
}
