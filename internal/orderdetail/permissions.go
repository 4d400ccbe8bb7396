package orderdetail

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0011). Reading an order's lines is its own permission
// (SalesOrder.Details), not the order's (SalesOrder.Orders): a role may see orders without
// their prices. The action permissions are what the seeded configuration grants each table
// action to; an administrator may name others in the configuration, and an action needs both
// its operation's permission below and one of the table's configured names.
const (
	PermDetails            = "SalesOrder.Details"
	PermDetailsCreate      = "SalesOrder.Details.Create"      // typed lines
	PermDetailsSelect      = "SalesOrder.Details.Select"      // lines picked from the catalogues
	PermDetailsImportExcel = "SalesOrder.Details.ImportExcel" // the split-order import
	PermDetailsClear       = "SalesOrder.Details.Clear"
	PermDetailsExport      = "SalesOrder.Details.Export"
	PermDetailsEdit        = "SalesOrder.Details.Edit" // the batch update
	PermDetailTables       = "SalesOrder.DetailTables" // the configuration
)

// SalesPermissions are what the demo seed grants the sales role: every line permission but
// the configuration's.
var SalesPermissions = []string{PermDetails, PermDetailsCreate, PermDetailsSelect, PermDetailsImportExcel,
	PermDetailsClear, PermDetailsExport, PermDetailsEdit}

// actionPerms are the operation permissions of the table actions.
var actionPerms = map[string]string{
	ActionCreate:      PermDetailsCreate,
	ActionSelect:      PermDetailsSelect,
	ActionImportExcel: PermDetailsImportExcel,
	ActionClear:       PermDetailsClear,
	ActionExport:      PermDetailsExport,
}

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "OrderDetail",
	DisplayName: localization.Text{ZhHans: "订单明细", En: "Order details"},
	Permissions: []permission.Definition{
		def(PermDetails, "", "订单明细", "Order lines"),
		def(PermDetailsCreate, PermDetails, "新增明细", "Add lines"),
		def(PermDetailsSelect, PermDetails, "选择产品", "Pick from the catalogues"),
		def(PermDetailsImportExcel, PermDetails, "导入Excel", "Import Excel"),
		def(PermDetailsClear, PermDetails, "清空明细", "Clear lines"),
		def(PermDetailsExport, PermDetails, "导出", "Export"),
		def(PermDetailsEdit, PermDetails, "编辑明细", "Edit lines"),
		def(PermDetailTables, "", "明细表配置", "Detail table configuration"),
	},
}}
