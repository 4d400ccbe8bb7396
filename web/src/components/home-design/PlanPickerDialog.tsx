import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Alert, App, Button, Empty, Input, Modal, Pagination, Spin, Typography } from 'antd'
import { CheckCircleFilled } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useHomeDesignT } from './texts'
import { bindingQuery, plansQuery, PLANS_PER_PAGE } from './api'
import type { Plan } from './types'
import { BindingDialog } from './BindingDialog'

export interface PlanPickerDialogProps {
  open: boolean
  onCancel: () => void
  /** Saves the picked plan; the button stays loading until it settles. The caller closes the dialog. */
  onPick: (plan: Plan) => Promise<void>
}

/** Cards per row of the picker's grid (arrow up and down move by a row). */
const COLUMNS = 4

/**
 * The design picker (spec 001 §2): the caller's plans (up to 999, 8 a page), keyword search,
 * cards with picture and name; a click selects, Confirm hands the plan to `onPick`. Without a
 * bound account it offers the binding dialog.
 */
export function PlanPickerDialog({ open, onCancel, onPick }: PlanPickerDialogProps) {
  const { t } = useHomeDesignT()
  const { message } = App.useApp()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Plan | null>(null)
  const [saving, setSaving] = useState(false)
  const [bindingOpen, setBindingOpen] = useState(false)
  const grid = useRef<HTMLDivElement>(null)

  const binding = useQuery({ ...bindingQuery(), enabled: open })
  const bound = !!binding.data?.bound
  const plans = useQuery({ ...plansQuery(keyword), enabled: open && bound })

  useEffect(() => {
    if (!open) return
    setKeyword('')
    setPage(1)
    setSelected(null)
    setSaving(false)
  }, [open])

  const items = useMemo(() => plans.data?.items ?? [], [plans.data])
  const shown = items.slice((page - 1) * PLANS_PER_PAGE, page * PLANS_PER_PAGE)

  const confirm = async () => {
    if (saving) return
    if (!selected) {
      message.error(t('picker.choose'))
      return
    }
    setSaving(true)
    try {
      await onPick(selected)
    } catch {
      // the caller shows why; the dialog stays open
    } finally {
      setSaving(false)
    }
  }

  const move = (delta: number) => {
    if (!items.length) return
    const at = selected ? items.findIndex((p) => p.planId === selected.planId) : -1
    const next = at < 0 ? (page - 1) * PLANS_PER_PAGE : Math.min(items.length - 1, Math.max(0, at + delta))
    setSelected(items[next])
    setPage(Math.floor(next / PLANS_PER_PAGE) + 1)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('input, textarea, button')) return
    const deltas: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS }
    if (e.key === 'Enter') {
      e.preventDefault()
      void confirm()
    } else if (e.key in deltas) {
      e.preventDefault()
      move(deltas[e.key])
    }
  }

  const body = () => {
    if (binding.isLoading || (bound && plans.isLoading)) {
      return (
        <div className="kerf-page-loading">
          <Spin />
        </div>
      )
    }
    const failed = binding.error ?? plans.error
    if (failed) {
      return (
        <Alert
          type="error"
          showIcon
          title={failed.message || t('loadFailed')}
          data-testid="plan-picker-error"
          action={
            <Button size="small" onClick={() => void (binding.error ? binding.refetch() : plans.refetch())}>
              {t('retry')}
            </Button>
          }
        />
      )
    }
    if (!bound) {
      return (
        <Empty description={t('picker.notBound')} data-testid="plan-picker-not-bound">
          <Button type="primary" onClick={() => setBindingOpen(true)}>
            {t('picker.bindNow')}
          </Button>
        </Empty>
      )
    }
    if (!items.length) return <Empty description={t('picker.empty')} />
    return (
      <>
        <div className="kerf-home-design-plans" role="listbox" aria-label={t('picker.title')} ref={grid} tabIndex={0} style={gridStyle}>
          {shown.map((p) => {
            const on = selected?.planId === p.planId
            return (
              <div
                key={p.planId}
                role="option"
                aria-selected={on}
                data-testid="plan-card"
                title={p.name}
                onClick={() => {
                  setSelected(p)
                  grid.current?.focus()
                }}
                style={{ ...cardStyle, ...(on ? selectedStyle : null) }}
              >
                <div style={pictureStyle}>
                  {p.planPic ? <img src={p.planPic} alt={p.name} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : null}
                </div>
                <Typography.Text ellipsis style={{ display: 'block', padding: '6px 8px' }}>
                  {on ? <CheckCircleFilled style={{ color: 'var(--ant-color-primary, #1677ff)', marginRight: 4 }} /> : null}
                  {p.name}
                </Typography.Text>
              </div>
            )
          })}
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 12, gap: 8 }}>
          <Typography.Text type="secondary" data-testid="plan-picker-selected">
            {selected ? t('picker.selected', { name: selected.name }) : t('picker.hint')}
          </Typography.Text>
          <Pagination
            size="small"
            current={page}
            pageSize={PLANS_PER_PAGE}
            total={items.length}
            showSizeChanger={false}
            showTotal={(n) => t('picker.total', { count: n })}
            onChange={setPage}
          />
        </div>
      </>
    )
  }

  return (
    <>
      <Modal
        open={open}
        title={t('picker.title')}
        width={880}
        destroyOnHidden
        onCancel={onCancel}
        onOk={() => void confirm()}
        okText={t('confirm')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        okButtonProps={{ disabled: !bound }}
        data-testid="plan-picker-dialog"
      >
        <div onKeyDown={onKeyDown}>
          <Input.Search
            allowClear
            placeholder={t('picker.search')}
            disabled={!bound}
            onSearch={(v) => {
              setKeyword(v.trim())
              setPage(1)
              setSelected(null)
            }}
            style={{ marginBottom: 12 }}
          />
          {body()}
        </div>
      </Modal>
      <BindingDialog open={bindingOpen} onClose={() => setBindingOpen(false)} />
    </>
  )
}

const gridStyle = {
  display: 'grid',
  gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
  gap: 12,
  outline: 'none',
} as const

const cardStyle = {
  borderWidth: 1,
  borderStyle: 'solid',
  borderColor: 'var(--ant-color-border, #d9d9d9)',
  borderRadius: 6,
  cursor: 'pointer',
  overflow: 'hidden',
  background: 'var(--ant-color-bg-container, #fff)',
} as const

const selectedStyle = {
  borderColor: 'var(--ant-color-primary, #1677ff)',
  boxShadow: '0 0 0 2px var(--ant-color-primary, #1677ff)',
} as const

const pictureStyle = {
  height: 120,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: '#fafafa',
} as const
