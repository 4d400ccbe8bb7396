/** Server lists: paging rules, the table, and the hooks that read pages. */
export * from './paging'
export { DataTable, type DataTableProps } from './DataTable'
export { scrollPagesOptions, useScrollPages, type ScrollPagesSpec, type TableList } from './useScrollPages'
export { useTablePaging, pagedList } from './usePagedList'
export { useDebounced } from './useDebounced'
export * from './columns'
export { ConfiguredTable, URGENT_ROW_CLASS, type ConfiguredTableProps } from './ConfiguredTable'
export { ColumnChooser, moveSetting, type ColumnChooserProps } from './ColumnChooser'
export { ColumnSettingsDialog, type ColumnSettingsDialogProps } from './ColumnSettingsDialog'
export { ColumnFilterPanel, type ColumnFilterPanelProps } from './ColumnFilter'
export {
  useColumnConfig,
  pageConfigQuery,
  pageConfigKeys,
  isSystemAdminQuery,
  PAGE_CONFIGURATION_UPDATE,
  type ColumnConfig,
  type AppliedPageConfig,
  type SavedPageConfig,
  type ConfigSource,
} from './useColumnConfig'
