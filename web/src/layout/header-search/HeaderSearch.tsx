import { lazy, Suspense, useState } from 'react'
import { Button } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

const HeaderSearchBox = lazy(() => import('./HeaderSearchBox').then((m) => ({ default: m.HeaderSearchBox })))

/** Header search: a button that opens the search box. */
export function HeaderSearch() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <div className={`kerf-header-search${open ? ' show' : ''}`}>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('navbar.search')}
        data-testid="header-search-toggle"
        onClick={() => setOpen((o) => !o)}
      />
      {open ? (
        <Suspense fallback={null}>
          <HeaderSearchBox onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
