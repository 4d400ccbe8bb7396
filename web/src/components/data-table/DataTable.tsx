import type { ReactNode } from 'react'
import { Alert, Button, Empty, Table, Typography } from 'antd'
import type { TablePaginationConfig, TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { sortingOf } from './paging'
import type { TableList } from './useScrollPages'

export interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale' | 'onScroll'> {
  /** The rows and their state: from useScrollPages (scroll mode) or pagedList (with `pagination`). */
  list: TableList<T>
  /** What an empty list says. */
  emptyText: ReactNode
  /**
   * Page controls of a list paged on the server (current, pageSize, onChange; the total comes
   * from the list). Without them the table is in scroll mode: the next page loads as the user
   * nears the bottom, and a line under the table says how many rows are shown of how many.
   */
  pagination?: TablePaginationConfig
  /** A sortable column's header was clicked: the list's new Sorting (`name`, `name desc`, none). */
  onSortingChange?: (sorting: string | undefined) => void
  /**
   * Prefix of the test ids: `<id>-table`, `<id>-scroll` (the box around the table), `<id>-count`
   * (the line under it) and `<id>-error`.
   */
  testId: string
}

/**
 * A table of a server list with its loading, empty and error states (STYLE.md: every list has
 * them), sorted on the server through its sortable columns, and either paged (antd page
 * controls with the total from the server) or loaded page by page as the user scrolls.
 */
export function DataTable<T extends object>({ list, emptyText, pagination, onSortingChange, testId, rowKey = 'id', size = 'small', ...table }: DataTableProps<T>) {
  const { t } = useTranslation()
  const scrollMode = !pagination
  const error = list.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('table.loadFailed')}
      action={
        <Button size="small" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      }
      style={{ marginBottom: 8 }}
      data-testid={`${testId}-error`}
    />
  ) : null
  if (list.isError && list.rows.length === 0) return error

  let count: ReactNode = null
  if (scrollMode && !list.isPending)
    count = (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-count`}>
        {list.hasMore ? t('table.moreHint', { shown: list.rows.length, total: list.total }) : t('table.shownAll', { total: list.total })}
        {list.hasMore && list.isFetching ? ` ${t('common.loading')}` : null}
      </Typography.Text>
    )

  return (
    <>
      {error}
      <div data-testid={`${testId}-scroll`} ref={scrollMode ? list.containerRef : undefined}>
        <Table<T>
          rowKey={rowKey}
          size={size}
          {...table}
          dataSource={list.rows}
          loading={list.isPending || (!scrollMode && list.isFetching)}
          pagination={
            scrollMode
              ? false
              : { showSizeChanger: false, ...pagination, total: list.total, showTotal: (total) => t('table.total', { total }) }
          }
          onScroll={scrollMode ? list.onScroll : undefined}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action === 'sort') onSortingChange?.(sortingOf(sorter))
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          data-testid={`${testId}-table`}
        />
      </div>
      {count}
    </>
  )
}
