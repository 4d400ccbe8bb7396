import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Dropdown } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useTagsStore } from './tagsStore'
import { nextPathAfterClose, type TagView } from './tagsRules'

/** Width of the right-click menu (spec 001 §9). */
const CONTEXT_MENU_WIDTH = 105

/** The visited-page tab bar of spec 001 §2. */
export function TagsView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const views = useTagsStore((s) => s.visitedViews)
  const store = useTagsStore
  const bar = useRef<HTMLDivElement>(null)

  useEffect(() => {
    bar.current?.querySelector('.kerf-tag.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname, views.length])

  const close = (view: TagView) => {
    if (view.affix) return
    const after = store.getState().close(view)
    const next = nextPathAfterClose(after.visitedViews, view, pathname)
    if (next) navigate(next)
  }
  const refresh = (view: TagView) => {
    store.getState().closeCached(view)
    navigate('/redirect' + view.fullPath, { replace: true })
  }
  const closeOthers = (view: TagView) => {
    store.getState().closeOthers(view)
    if (view.path !== pathname) navigate(view.fullPath)
  }
  const closeAll = () => {
    store.getState().closeAll()
    const left = store.getState().visitedViews
    if (left.some((v) => v.path === pathname)) return
    const last = left[left.length - 1]
    navigate(last ? last.fullPath : '/')
  }

  return (
    <div className="kerf-tags" ref={bar} data-testid="tags-view">
      {views.map((v) => {
        const active = v.path === pathname
        return (
          <Dropdown
            key={v.path}
            trigger={['contextMenu']}
            menu={{
              style: { width: CONTEXT_MENU_WIDTH },
              items: [
                { key: 'refresh', label: t('tagsView.refresh') },
                ...(v.affix ? [] : [{ key: 'close', label: t('tagsView.close') }]),
                { key: 'others', label: t('tagsView.closeOthers') },
                { key: 'all', label: t('tagsView.closeAll') },
              ],
              onClick: ({ key }) => {
                if (key === 'refresh') refresh(v)
                else if (key === 'close') close(v)
                else if (key === 'others') closeOthers(v)
                else closeAll()
              },
            }}
          >
            <Link
              to={v.fullPath}
              className={`kerf-tag${active ? ' active' : ''}${v.affix ? ' affix' : ''}`}
              data-testid="tag"
              data-path={v.path}
              onMouseUp={(e) => {
                if (e.button === 1) {
                  e.preventDefault()
                  close(v)
                }
              }}
              onAuxClick={(e) => e.preventDefault()}
            >
              <span className="kerf-tag-title">{v.title}</span>
              {v.affix ? null : (
                <CloseOutlined
                  className="kerf-tag-close"
                  aria-label={t('tagsView.close')}
                  data-testid="tag-close"
                  onClick={(e) => {
                    e.preventDefault()
                    e.stopPropagation()
                    close(v)
                  }}
                />
              )}
            </Link>
          </Dropdown>
        )
      })}
    </div>
  )
}
