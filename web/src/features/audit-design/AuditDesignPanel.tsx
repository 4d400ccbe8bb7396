import { useEffect, useRef, useState } from 'react'
import { App, Badge, Button, Empty, Flex, Tooltip } from 'antd'
import { DownloadOutlined, EyeOutlined, FileExcelOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Permission, pagedList, usePermission, useTablePaging } from '../../components'
import { PlanPickerDialog } from '../../components/home-design'
import {
  SHEET_PAGE_SIZE,
  cancelDesign,
  chooseDesign,
  downloadOrderJson,
  downloadSheetsJson,
  generateQuotation,
  invalidateSheets,
  orderDesignUrl,
  orderSheetsQuery,
  setSeparatePallet,
} from './api'
import { AuditPermissions as P } from './permissions'
import { QuotationDialog } from './components/Dialogs'
import { SheetActionButtons, SheetTable } from './components/SheetTable'
import { useSheetActions } from './components/useSheetActions'
import type { AuditSheet, SheetAction } from './types'

/** The design-saved message waits this long for more saves (spec 001 §9). */
export const SAVED_DEBOUNCE_MS = 1000

/** Order statuses whose design scheme may change: draft and submitted (0012). */
const SCHEME_EDITABLE = new Set([0, 10])

/** The order as the tab needs it. */
export interface AuditOrder {
  id: string
  /** The order number. */
  salesOrderId: string
  status: number
  /** The chosen design scheme ('' for none; the contract's spelling). */
  desginId: string
  concurrencyStamp?: string
}

export interface AuditDesignPanelProps {
  order: AuditOrder
  /** The order changed on the server (a scheme chosen or cancelled; the last pass confirms it): read it again. */
  onOrderChanged?: () => unknown
  /** A file was added to the order's files (the quotation): read them again. */
  onFilesChanged?: () => unknown
}

const TAB_ACTIONS: readonly SheetAction[] = ['claim', 'reject', 'sendback', 'pass', 'discard', 'revoke', 'assign']

/**
 * The audit-design tab of the order screen (spec 001 §2 "Audit-design table"): the order's design
 * scheme (choose through the plan picker, cancel, view), its review sheets (99 a page) with the
 * actions the user holds, the quotation and the design JSON. The JSON button is type "primary"
 * while a selected sheet's design has not been downloaded (spec 001 §4 "highlighted").
 */
export function AuditDesignPanel({ order, onOrderChanged, onFilesChanged }: AuditDesignPanelProps) {
  const { t } = useTranslation('audit-design')
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const { has } = usePermission()
  const paging = useTablePaging(SHEET_PAGE_SIZE)
  const query = useQuery({ ...orderSheetsQuery(order.id, paging.request.skipCount), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const [selectedIds, setSelectedIds] = useState<string[]>([])
  const selected: AuditSheet[] = list.rows.filter((r) => selectedIds.includes(r.id))
  const actions = useSheetActions({ onChanged: onOrderChanged })
  const [picking, setPicking] = useState(false)
  const [quoting, setQuoting] = useState(false)
  const [downloading, setDownloading] = useState<'json' | 'order' | null>(null)
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(savedTimer.current), [])

  const hasScheme = !!order.desginId
  const schemeEditable = SCHEME_EDITABLE.has(order.status)
  const jsonPending = selected.some((s) => !s.isDownload)

  const needSelection = () => {
    if (selected.length > 0) return true
    message.warning(t('selectSheets'))
    return false
  }

  const orderChanged = async () => {
    await Promise.all([invalidateSheets(qc), onOrderChanged?.()])
  }

  /** 保存成功 once saves stop for a second, then the picker closes. */
  const savedDebounced = () => {
    clearTimeout(savedTimer.current)
    savedTimer.current = setTimeout(() => {
      message.success(t('done.saved'))
      setPicking(false)
    }, SAVED_DEBOUNCE_MS)
  }

  const choose = () => {
    if (hasScheme) {
      message.error(t('schemeChosen'))
      return
    }
    setPicking(true)
  }

  const onPick = async (plan: { designId: string }) => {
    if (order.desginId) {
      message.error(t('schemeChosen'))
      return
    }
    try {
      await chooseDesign(order.id, plan.designId)
    } catch {
      return // the API client showed the server's message; the picker stays open
    }
    await orderChanged()
    savedDebounced()
  }

  const cancelScheme = () =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmCancelScheme'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'cancel-scheme-confirm' },
      onOk: async () => {
        try {
          await cancelDesign(order.id)
        } catch {
          return // refused (a sheet is past waiting): the server's message is shown
        }
        message.success(t('done.cancelScheme'))
        setSelectedIds([])
        await orderChanged()
      },
    })

  const download = async (kind: 'json' | 'order') => {
    if (kind === 'json' && !needSelection()) return
    setDownloading(kind)
    try {
      if (kind === 'json') await downloadSheetsJson(selected.map((s) => s.id))
      else await downloadOrderJson(order.id, order.salesOrderId)
    } catch {
      // the API client read the JSON error out of the blob and showed its message
    } finally {
      setDownloading(null)
      void invalidateSheets(qc)
    }
  }

  const pallet = async (sheet: AuditSheet, value: string | undefined) => {
    try {
      await setSeparatePallet(sheet.id, value)
    } catch {
      return
    } finally {
      void invalidateSheets(qc)
    }
    message.success(t('done.separatePallet'))
  }

  return (
    <div data-testid="audit-design">
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Permission value={P.OrderEdit}>
          <Button type="primary" disabled={hasScheme || !schemeEditable} onClick={choose} data-testid="choose-scheme">
            {t('action.chooseScheme')}
          </Button>
          <Button danger disabled={!hasScheme || !schemeEditable} onClick={cancelScheme} data-testid="cancel-scheme">
            {t('action.cancelScheme')}
          </Button>
        </Permission>
        <Button
          icon={<EyeOutlined />}
          disabled={!hasScheme}
          onClick={() => actions.showDesign({ title: t('design.title'), load: () => orderDesignUrl(order.id) })}
          data-testid="view-design"
        >
          {t('action.viewDesign')}
        </Button>
        <SheetActionButtons actions={actions} offer={TAB_ACTIONS} selected={selected} />
        <Permission value={P.MadePrice}>
          <Button icon={<FileExcelOutlined />} onClick={() => needSelection() && setQuoting(true)} data-testid="sheet-action-quotation">
            {t('action.quotation')}
          </Button>
        </Permission>
        <Permission value={P.Download}>
          <Tooltip title={jsonPending ? t('jsonPending') : undefined}>
              <Badge dot={jsonPending}>
                <Button
                  type={jsonPending ? 'primary' : 'default'}
                  icon={<DownloadOutlined />}
                  loading={downloading === 'json'}
                  onClick={() => void download('json')}
                  data-testid="sheet-action-json"
                  data-highlighted={jsonPending ? 'true' : 'false'}
                >
                  {t('action.json')}
                </Button>
              </Badge>
          </Tooltip>
          <Button disabled={!hasScheme} loading={downloading === 'order'} onClick={() => void download('order')} data-testid="order-json">
            {t('action.orderJson')}
          </Button>
        </Permission>
      </Flex>
      {!hasScheme && list.rows.length === 0 && !list.isPending ? (
        <Empty description={t('noScheme')} data-testid="no-scheme" />
      ) : (
        <SheetTable
          list={list}
          actions={actions}
          selected={selectedIds}
          onSelect={setSelectedIds}
          pagination={{ ...paging.pagination, showSizeChanger: false }}
          onPallet={has(P.Edit) ? (s, v) => void pallet(s, v) : undefined}
          emptyText={t('empty')}
          testId="sheets"
        />
      )}
      {actions.dialogs}
      <QuotationDialog
        open={quoting}
        onCancel={() => setQuoting(false)}
        onSubmit={async (name) => {
          try {
            await generateQuotation(
              selected.map((s) => s.id),
              name,
            )
          } catch {
            return false
          }
          message.success(t('done.quotation'))
          setQuoting(false)
          await onFilesChanged?.()
          return true
        }}
      />
      <PlanPickerDialog open={picking} onCancel={() => setPicking(false)} onPick={onPick} />
    </div>
  )
}

/** The tab's title: 设计审核 / Design review. */
export function AuditDesignTabLabel() {
  const { t } = useTranslation('audit-design')
  return <span data-testid="tab-audit-design">{t('title')}</span>
}
