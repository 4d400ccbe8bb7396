import { Permissions as P, type PermissionName } from '../../components'
import type { CatalogModule } from '../../components/catalog-pickers'

/**
 * Permission names of the catalogue area (spec 001 §6), taken from the names the server
 * defines (src/api/gen/permissions.ts, generated), so a name the server drops or renames
 * stops the build.
 */
export const CatalogPermissions = {
  Products: P['SalesOrder.Products'],
  ProductsCreate: P['SalesOrder.Products.Create'],
  ProductsEdit: P['SalesOrder.Products.Edit'],
  ProductsDelete: P['SalesOrder.Products.Delete'],
  ProductsImport: P['SalesOrder.Products.Import'],
  Parts: P['SalesOrder.Parts'],
  PartsCreate: P['SalesOrder.Parts.Create'],
  PartsEdit: P['SalesOrder.Parts.Edit'],
  PartsDelete: P['SalesOrder.Parts.Delete'],
  PartsImport: P['SalesOrder.Parts.Import'],
  StandardProducts: P['SalesOrder.StandardProducts'],
  StandardProductsCreate: P['SalesOrder.StandardProducts.Create'],
  StandardProductsEdit: P['SalesOrder.StandardProducts.Edit'],
  StandardProductsDelete: P['SalesOrder.StandardProducts.Delete'],
  FileUpload: P['FileManagement.FileDescriptor'],
} as const

/** What each action of a catalogue screen needs, by module. */
export interface ModulePermissions {
  /** Add directory, child directory, add item. */
  create: PermissionName
  /** Edit directory. */
  edit: PermissionName
  /** Delete directory. */
  remove: PermissionName
  /** Import Excel and move items. */
  import: PermissionName
}

export function modulePermissions(module: CatalogModule): ModulePermissions {
  return module === 'product'
    ? {
        create: CatalogPermissions.ProductsCreate,
        edit: CatalogPermissions.ProductsEdit,
        remove: CatalogPermissions.ProductsDelete,
        import: CatalogPermissions.ProductsImport,
      }
    : {
        create: CatalogPermissions.PartsCreate,
        edit: CatalogPermissions.PartsEdit,
        remove: CatalogPermissions.PartsDelete,
        import: CatalogPermissions.PartsImport,
      }
}
