export { PermissionTreeDialog, type PermissionTreeDialogProps } from './PermissionTreeDialog'
export { permissionTreeKeys, permissionTreeQuery, updatePermissionList, useUpdatePermissions } from './api'
export * from './permissionTree'
