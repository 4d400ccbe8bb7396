/** Server lists: paging rules, the table, and the hooks that read pages. */
export * from './paging'
export { DataTable, type DataTableProps } from './DataTable'
export { scrollPagesOptions, useScrollPages, type ScrollPagesSpec, type TableList } from './useScrollPages'
export { useTablePaging, pagedList } from './usePagedList'
export { useDebounced } from './useDebounced'
