package warehouse

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0013, "Permissions and menus").
const (
	PermGroup     = "Warehouse"
	PermStock     = "Warehouse.Stock"      // read stock, its log and statistics
	PermStockBook = "Warehouse.Stock.Book" // book a manual receipt or issue
	PermShelves   = "Warehouse.Shelves"    // the storehouse rows, shelves and bins
	// Setting up the storehouse: factories, rows and shelves (with their bins).
	PermShelvesCreate = "Warehouse.Shelves.Create"
	PermShelvesEdit   = "Warehouse.Shelves.Edit"
	PermShelvesDelete = "Warehouse.Shelves.Delete"
	PermFactories     = "Warehouse.Factories" // the tenant's factories
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        PermGroup,
	DisplayName: localization.Text{ZhHans: "仓库", En: "Warehouse"},
	Feature:     FeatureWarehouse,
	Permissions: []permission.Definition{
		def(PermStock, "", "库存", "Stock"),
		def(PermStockBook, PermStock, "入库和出库", "Receive and issue"),
		def(PermShelves, "", "货架", "Shelves"),
		def(PermShelvesCreate, PermShelves, "新建工厂、货架排和货架", "Create factories, rows and shelves"),
		def(PermShelvesEdit, PermShelves, "编辑工厂、货架排和货架", "Edit factories, rows and shelves"),
		def(PermShelvesDelete, PermShelves, "删除工厂、货架排和货架", "Delete factories, rows and shelves"),
		def(PermFactories, "", "工厂", "Factories"),
	},
}}
