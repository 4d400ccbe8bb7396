import type { CatalogModule } from '../../components/catalog-pickers'

/** Permission names of the catalogue area (spec 001 §6). */
export const CatalogPermissions = {
  Products: 'SalesOrder.Products',
  ProductsCreate: 'SalesOrder.Products.Create',
  ProductsEdit: 'SalesOrder.Products.Edit',
  ProductsDelete: 'SalesOrder.Products.Delete',
  ProductsImport: 'SalesOrder.Products.Import',
  Parts: 'SalesOrder.Parts',
  PartsCreate: 'SalesOrder.Parts.Create',
  PartsEdit: 'SalesOrder.Parts.Edit',
  PartsDelete: 'SalesOrder.Parts.Delete',
  PartsImport: 'SalesOrder.Parts.Import',
  StandardProducts: 'SalesOrder.StandardProducts',
  StandardProductsCreate: 'SalesOrder.StandardProducts.Create',
  StandardProductsEdit: 'SalesOrder.StandardProducts.Edit',
  StandardProductsDelete: 'SalesOrder.StandardProducts.Delete',
  FileUpload: 'FileManagement.FileDescriptor',
} as const

/** What each action of a catalogue screen needs, by module. */
export interface ModulePermissions {
  /** Add directory, child directory, add item. */
  create: string
  /** Edit directory. */
  edit: string
  /** Delete directory. */
  remove: string
  /** Import Excel and move items. */
  import: string
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
