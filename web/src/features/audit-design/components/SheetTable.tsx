import type { HTMLAttributes, ReactNode } from 'react'
import { Badge, Button, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { DataTable, DictionarySelect, type TableList } from '../../../components'
import { shownState, type AuditSheet, type SheetAction, type SheetState } from '../types'
import { formatTime } from './Dialogs'
import type { SheetActions } from './useSheetActions'

/** Colour of each state's tag. */
export const STATE_COLORS: Record<SheetState, string> = {
  0: 'blue',
  1: 'processing',
  2: 'purple',
  3: 'error',
  4: 'warning',
  5: 'success',
  6: 'default',
}

export function StateTag({ state }: { state: number }) {
  const { t } = useTranslation('audit-design')
  const s = shownState(state)
  return (
    <Tag color={STATE_COLORS[s]} data-testid="sheet-state" data-state={s}>
      {t(`state.${s}`)}
    </Tag>
  )
}

export interface SheetTableProps {
  list: TableList<AuditSheet>
  actions: SheetActions
  selected: readonly string[]
  onSelect: (ids: string[]) => void
  /** Page controls (the server pages). */
  pagination: Parameters<typeof DataTable<AuditSheet>>[0]['pagination']
  /** The order-number column, linked to the order (the review queue). */
  withOrder?: boolean
  /** The separate pallet can be changed in place (AuditDesign.Edit); absent: the column shows the value. */
  onPallet?: (sheet: AuditSheet, value: string | undefined) => void
  onSortingChange?: (sorting: string | undefined) => void
  emptyText: ReactNode
  testId: string
}

/** The sheets with selection, state tags and the row actions (log, view design). */
export function SheetTable({ list, actions, selected, onSelect, pagination, withOrder, onPallet, onSortingChange, emptyText, testId }: SheetTableProps) {
  const { t } = useTranslation('audit-design')
  const text = (v: string) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : null)
  const columns: ColumnsType<AuditSheet> = [
    ...(withOrder
      ? [
          {
            key: 'salesOrderNo',
            title: t('col.salesOrderNo'),
            width: 170,
            sorter: !!onSortingChange,
            render: (_: unknown, r: AuditSheet) => (
              <Link to={`/sales/orders/${r.salesOrderId}`} data-testid="sheet-order">
                {r.salesOrderNo}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'levelIndex', title: t('col.levelIndex'), dataIndex: 'levelIndex', width: 70 },
    { key: 'auditName', title: t('col.auditName'), dataIndex: 'auditName', width: 180, render: (v: string) => <span data-testid="sheet-name">{v}</span> },
    { key: 'auditCode', title: t('col.auditCode'), dataIndex: 'auditCode', width: 120 },
    { key: 'state', title: t('col.state'), width: 100, render: (_, r) => <StateTag state={r.state} /> },
    { key: 'claimedByName', title: t('col.claimedByName'), dataIndex: 'claimedByName', width: 110, render: (v: string) => <span data-testid="sheet-reviewer">{v}</span> },
    {
      key: 'separatePallet',
      title: t('col.separatePallet'),
      width: 170,
      render: (_, r) =>
        onPallet ? (
          <DictionarySelect
            code="SeparatePallet"
            value={r.separatePallet || undefined}
            onChange={(v) => onPallet(r, v)}
            allowClear
            style={{ width: 150, minWidth: 0 }}
            testId="sheet-pallet"
          />
        ) : (
          r.separatePallet
        ),
    },
    {
      key: 'isDownload',
      title: t('col.isDownload'),
      width: 90,
      render: (_, r) => (
        <span data-testid="sheet-downloaded" data-value={r.isDownload ? 'true' : 'false'}>
          <Badge status={r.isDownload ? 'success' : 'default'} text={r.isDownload ? t('yes') : t('no')} />
        </span>
      ),
    },
    { key: 'submitComment', title: t('col.submitComment'), dataIndex: 'submitComment', width: 150, ellipsis: true, render: text },
    {
      key: 'rejectComment',
      title: t('col.rejectComment'),
      dataIndex: 'rejectComment',
      width: 160,
      ellipsis: true,
      render: (v: string) => <span data-testid="sheet-reject-reason">{text(v)}</span>,
    },
    { key: 'creationTime', title: t('col.creationTime'), width: 165, sorter: !!onSortingChange && withOrder, render: (_, r) => formatTime(r.creationTime) },
    {
      key: 'actions',
      title: t('col.actions'),
      fixed: 'right',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.showLogs(r)} data-testid="sheet-logs">
            {t('action.logs')}
          </Button>
          <Button type="link" size="small" onClick={() => actions.showSheetDesign(r)} data-testid="sheet-design">
            {t('action.design')}
          </Button>
        </Space>
      ),
    },
  ]
  return (
    <DataTable<AuditSheet>
      list={list}
      columns={columns}
      scroll={{ x: 'max-content' }}
      emptyText={emptyText}
      pagination={pagination}
      rowSelection={{ selectedRowKeys: [...selected], onChange: (keys) => onSelect(keys.map(String)), preserveSelectedRowKeys: true }}
      onSortingChange={onSortingChange}
      onRow={(r) =>
        ({ 'data-testid': 'sheet-row', 'data-id': r.id, 'data-name': r.auditName, 'data-state': shownState(r.state) }) as HTMLAttributes<HTMLElement>
      }
      testId={testId}
    />
  )
}

/** Buttons of the sheet actions the user holds, in a fixed order; each needs a selection. */
export function SheetActionButtons({ actions, offer, selected }: { actions: SheetActions; offer: readonly SheetAction[]; selected: readonly AuditSheet[] }) {
  const { t } = useTranslation('audit-design')
  return (
    <>
      {actions.allowed(offer).map((a) => (
        <Button
          key={a}
          danger={a === 'discard' || a === 'reject'}
          loading={actions.busy === a}
          disabled={actions.busy !== null && actions.busy !== a}
          onClick={() => actions.run(a, selected)}
          data-testid={`sheet-action-${a}`}
        >
          {t(`action.${a}`)}
        </Button>
      ))}
    </>
  )
}
