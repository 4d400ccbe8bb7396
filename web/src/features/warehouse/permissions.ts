import { Permissions as P } from '../../components'

/** Permission names of the warehouse (docs/decisions/0013), from the server's registry. */
export const WarehousePermissions = {
  /** Reading stock, its log and statistics. */
  Stock: P['Warehouse.Stock'],
  /** Booking a manual receipt or issue. */
  Book: P['Warehouse.Stock.Book'],
  /** The storehouse rows, shelves and bins. */
  Shelves: P['Warehouse.Shelves'],
  /** Setting up the storehouse: create, edit and delete factories, rows and shelves. */
  ShelvesCreate: P['Warehouse.Shelves.Create'],
  ShelvesEdit: P['Warehouse.Shelves.Edit'],
  ShelvesDelete: P['Warehouse.Shelves.Delete'],
  /** The tenant's factories. */
  Factories: P['Warehouse.Factories'],
} as const
