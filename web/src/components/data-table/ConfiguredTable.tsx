import { useMemo, useState, type Key, type ReactNode } from 'react'
import { Alert, Button, Tooltip } from 'antd'
import type { TablePaginationConfig } from 'antd'
import type { ColumnType, ColumnsType } from 'antd/es/table'
import { SettingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { DataTable } from './DataTable'
import { ColumnFilterPanel, FilterIcon } from './ColumnFilter'
import { ColumnSettingsDialog } from './ColumnSettingsDialog'
import { useColumnConfig } from './useColumnConfig'
import {
  CHILD_TABLE_HEIGHT,
  GRID_PAGE_SIZES,
  MAX_VISIBLE_COLUMNS,
  TABLE_HEIGHT_OFFSET,
  isFilterActive,
  routeKeyOf,
  type ColumnDef,
  type ColumnFilters,
} from './columns'
import type { TableList } from './useScrollPages'
import './ConfiguredTable.css'

/** The class of an urgent row (red text). */
export const URGENT_ROW_CLASS = 'kerf-row-urgent'

export interface ConfiguredTableProps<T> {
  /** The rows and their state: pagedList(query) (or useScrollPages without pagination). */
  list: TableList<T>
  /** Every column the table can show, in the default order. */
  columns: ColumnDef<T>[]
  /** The page configuration's key; defaults to routeKeyOf(the current path). */
  routeKey?: string
  /** From useTablePaging(GRID_PAGE_SIZE); the sizes offered are GRID_PAGE_SIZES. */
  pagination?: TablePaginationConfig
  onSortingChange?: (sorting: string | undefined) => void
  filters?: ColumnFilters
  onFiltersChange?: (filters: ColumnFilters) => void
  /** The row-actions column, appended last, never configurable. */
  actions?: ColumnType<T>
  /** Rows shown in red. */
  urgent?: (row: T) => boolean
  /** A child area under a row (at most 460 px high, scrolled inside). */
  expandable?: { rowExpandable?: (row: T) => boolean; render: (row: T) => ReactNode }
  /** Checkbox selection. */
  selection?: { selectedRowKeys: Key[]; onChange: (keys: Key[], rows: T[]) => void }
  emptyText: ReactNode
  /**
   * Prefix of the test ids: `<id>-table`, `<id>-columns` (the column settings button),
   * `<id>-column-dialog`, `<id>-filter-<key>` (a header's filter icon) and `<id>-filter-<key>-…`
   * (its panel), `<id>-not-allowed`, and DataTable's.
   */
  testId: string
  /** Buttons shown left of the column settings button. */
  toolbar?: ReactNode
  /** The row key (default 'id'). */
  rowKey?: string | ((row: T) => Key)
  /** Table size (default small). */
  size?: 'small' | 'middle' | 'large'
}

function toAntColumn<T>(
  c: ColumnDef<T>,
  filters: ColumnFilters,
  onFiltersChange: ((f: ColumnFilters) => void) | undefined,
  testId: string,
): ColumnType<T> {
  const col: ColumnType<T> = {
    key: c.key,
    title: c.title,
    dataIndex: c.dataIndex ?? c.key,
    width: c.width,
    ellipsis: c.ellipsis,
    fixed: c.fixed,
    align: c.align,
  }
  if (c.render) {
    const render = c.render
    col.render = (value: unknown, row: T, index: number) => render(value, row, index)
  }
  if (c.sortable) col.sorter = true
  if (c.filter && onFiltersChange) {
    const kind = c.filter
    const active = isFilterActive(kind, filters[c.key])
    col.filtered = active
    col.filterIcon = () => <FilterIcon active={active} testId={`${testId}-filter-${c.key}`} />
    col.filterDropdown = ({ close, visible }) => (
      <ColumnFilterPanel
        key={String(visible)}
        kind={kind}
        title={c.title}
        value={filters[c.key]}
        testId={`${testId}-filter-${c.key}`}
        onApply={(v) => {
          const next = { ...filters }
          if (v === undefined) delete next[c.key]
          else next[c.key] = v
          onFiltersChange(next)
          close()
        }}
      />
    )
  }
  return col
}

/**
 * The generic data table (spec 000 §2): the columns configured for the user on this route
 * (useColumnConfig) in their order, at most 18; header filters by kind; server sorting; urgent
 * rows in red; an expandable child area; checkbox selection; a scroll height of the window less
 * 270 px; page sizes 10–50 (30 by default). When a role configuration of the route leaves the
 * user out, the table shows no rows and says why. The column button opens the custom-column dialog.
 */
export function ConfiguredTable<T extends object>({
  list,
  columns,
  routeKey,
  pagination,
  onSortingChange,
  filters = {},
  onFiltersChange,
  actions,
  urgent,
  expandable,
  selection,
  emptyText,
  testId,
  toolbar,
  rowKey = 'id',
  size = 'small',
}: ConfiguredTableProps<T>) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const key = routeKey ?? routeKeyOf(pathname)
  const cfg = useColumnConfig(key, columns)
  const [dialog, setDialog] = useState(false)

  const antColumns = useMemo(() => {
    const out: ColumnsType<T> = cfg.visible.map((c) => toAntColumn(c, filters, onFiltersChange, testId))
    if (actions) out.push({ key: 'actions', ...actions })
    return out
  }, [cfg.visible, filters, onFiltersChange, testId, actions])

  const shown: TableList<T> = !cfg.allowed
    ? { ...list, rows: [], total: 0 }
    : cfg.isLoading
      ? { ...list, rows: [], isPending: true }
      : list

  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8, flexWrap: 'wrap' }}>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', flex: '1 1 auto' }}>{toolbar}</div>
        <Tooltip title={t('columns.title')}>
          <Button icon={<SettingOutlined />} onClick={() => setDialog(true)} disabled={cfg.isLoading} aria-label={t('columns.title')} data-testid={`${testId}-columns`}>
            {t('columns.button')}
          </Button>
        </Tooltip>
      </div>
      {!cfg.allowed ? <Alert type="info" showIcon title={t('table.notAllowed')} style={{ marginBottom: 8 }} data-testid={`${testId}-not-allowed`} /> : null}
      <DataTable<T>
        list={shown}
        columns={antColumns}
        rowKey={rowKey}
        size={size}
        emptyText={cfg.allowed ? emptyText : t('table.notAllowedEmpty')}
        pagination={pagination ? { showSizeChanger: true, pageSizeOptions: GRID_PAGE_SIZES, ...pagination } : undefined}
        onSortingChange={onSortingChange}
        scroll={{ x: 'max-content', y: `calc(100vh - ${TABLE_HEIGHT_OFFSET}px)` }}
        rowClassName={urgent ? (row: T) => (urgent(row) ? URGENT_ROW_CLASS : '') : undefined}
        expandable={
          expandable
            ? {
                rowExpandable: expandable.rowExpandable,
                expandedRowRender: (row: T) => (
                  <div style={{ maxHeight: CHILD_TABLE_HEIGHT, overflow: 'auto' }} data-testid={`${testId}-child`}>
                    {expandable.render(row)}
                  </div>
                ),
              }
            : undefined
        }
        rowSelection={selection ? { type: 'checkbox', selectedRowKeys: selection.selectedRowKeys, onChange: selection.onChange } : undefined}
        testId={testId}
      />
      <ColumnSettingsDialog
        open={dialog}
        onClose={() => setDialog(false)}
        settings={cfg.settings}
        lockedKeys={cfg.columns.filter((c) => c.alwaysShown).map((c) => c.key)}
        onSave={cfg.save}
        onReset={cfg.reset}
        onSaveTenant={cfg.canSaveTenant ? cfg.saveTenant : undefined}
        limit={MAX_VISIBLE_COLUMNS}
        testId={`${testId}-column-dialog`}
      />
    </>
  )
}
