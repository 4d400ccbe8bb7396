import { Permissions as P, type PermissionName } from '../../components'
import type { TypeKind } from './api'

/**
 * Permission names of the order lists and the type pages, taken from the names the server
 * defines (src/api/gen/permissions.ts), so a name the server drops or renames stops the build.
 */
export const SalesOrderPermissions = {
  Orders: P['SalesOrder.Orders'],
  OrdersCreate: P['SalesOrder.Orders.Create'],
  OrdersEdit: P['SalesOrder.Orders.Edit'],
  OrdersDelete: P['SalesOrder.Orders.Delete'],
  /** Reading an order's lines (the rows expanded under an order). */
  Details: P['SalesOrder.Details'],
  OrderTypes: P['SalesOrder.OrderTypes'],
  OrderTypesCreate: P['SalesOrder.OrderTypes.Create'],
  OrderTypesEdit: P['SalesOrder.OrderTypes.Edit'],
  OrderTypesDelete: P['SalesOrder.OrderTypes.Delete'],
  ProductTypes: P['SalesOrder.ProductTypes'],
  ProductTypesCreate: P['SalesOrder.ProductTypes.Create'],
  ProductTypesEdit: P['SalesOrder.ProductTypes.Edit'],
  ProductTypesDelete: P['SalesOrder.ProductTypes.Delete'],
} as const

/** What the actions of a type page need. */
export interface TypePermissions {
  create: PermissionName
  edit: PermissionName
  remove: PermissionName
}

export function typePermissions(kind: TypeKind): TypePermissions {
  const S = SalesOrderPermissions
  return kind === 'orderTypes'
    ? { create: S.OrderTypesCreate, edit: S.OrderTypesEdit, remove: S.OrderTypesDelete }
    : { create: S.ProductTypesCreate, edit: S.ProductTypesEdit, remove: S.ProductTypesDelete }
}
