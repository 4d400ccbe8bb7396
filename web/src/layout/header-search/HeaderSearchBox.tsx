import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Select, type RefSelectProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useShellRoutes } from '../../components/shell'
import { createSearcher, entryLabel, generateSearchPool, searchRoutes } from './searchPool'

/** The search box (loaded when first opened): fuzzy search by translated title and path; choosing navigates. */
export function HeaderSearchBox({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { tree } = useShellRoutes()
  const [query, setQuery] = useState('')
  const ref = useRef<RefSelectProps>(null)
  const pool = useMemo(() => generateSearchPool(tree, t), [tree, t])
  const searcher = useMemo(() => createSearcher(pool), [pool])
  const results = useMemo(() => searchRoutes(searcher, query), [searcher, query])

  useEffect(() => {
    ref.current?.focus()
  }, [])

  const choose = (path: string) => {
    const entry = pool.find((e) => e.path === path)
    setQuery('')
    onClose()
    if (entry?.external) window.open(path, '_blank', 'noopener')
    else navigate(path)
  }

  return (
    <Select
      ref={ref}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={t('navbar.searchPlaceholder')}
      className="kerf-header-search-select"
      data-testid="header-search"
      options={results.map((e) => ({ value: e.path, label: <span data-testid="header-search-option">{entryLabel(e)}</span> }))}
      onChange={(v: string | null) => v && choose(v)}
      onBlur={onClose}
      notFoundContent={query ? t('navbar.searchNone') : null}
      defaultOpen
      popupMatchSelectWidth={false}
    />
  )
}
