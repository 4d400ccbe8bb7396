package salesorder

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0011). The parents are the read permissions; each status
// move has its own (see transitions in service_status.go).
const (
	PermOrders        = "SalesOrder.Orders"
	PermOrdersCreate  = "SalesOrder.Orders.Create"
	PermOrdersEdit    = "SalesOrder.Orders.Edit"
	PermOrdersDelete  = "SalesOrder.Orders.Delete"
	PermOrdersSubmit  = "SalesOrder.Orders.Submit"
	PermOrdersReview  = "SalesOrder.Orders.Review"
	PermOrdersConfirm = "SalesOrder.Orders.Confirm"
	PermOrdersRelease = "SalesOrder.Orders.Release"
	PermOrdersShip    = "SalesOrder.Orders.Ship"
	PermOrdersClose   = "SalesOrder.Orders.Close"
	PermOrdersCancel  = "SalesOrder.Orders.Cancel"
	PermOrdersFiles   = "SalesOrder.Orders.Files"

	PermOrderTypes       = "SalesOrder.OrderTypes"
	PermOrderTypesCreate = "SalesOrder.OrderTypes.Create"
	PermOrderTypesEdit   = "SalesOrder.OrderTypes.Edit"
	PermOrderTypesDelete = "SalesOrder.OrderTypes.Delete"

	PermProductTypes       = "SalesOrder.ProductTypes"
	PermProductTypesCreate = "SalesOrder.ProductTypes.Create"
	PermProductTypesEdit   = "SalesOrder.ProductTypes.Edit"
	PermProductTypesDelete = "SalesOrder.ProductTypes.Delete"
)

// ReadPermissions are what a role needs to browse orders and their types.
var ReadPermissions = []string{PermOrders, PermOrderTypes, PermProductTypes}

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "SalesOrder",
	DisplayName: localization.Text{ZhHans: "销售订单", En: "Sales orders"},
	Permissions: []permission.Definition{
		def(PermOrders, "", "销售订单", "Sales orders"),
		def(PermOrdersCreate, PermOrders, "新增", "Create"),
		def(PermOrdersEdit, PermOrders, "编辑", "Edit"),
		def(PermOrdersDelete, PermOrders, "删除", "Delete"),
		def(PermOrdersSubmit, PermOrders, "提交和撤回", "Submit and withdraw"),
		def(PermOrdersReview, PermOrders, "送审", "Send to review"),
		def(PermOrdersConfirm, PermOrders, "确认和退回", "Confirm and send back"),
		def(PermOrdersRelease, PermOrders, "下达生产", "Release to production"),
		def(PermOrdersShip, PermOrders, "发货", "Ship"),
		def(PermOrdersClose, PermOrders, "结案", "Close"),
		def(PermOrdersCancel, PermOrders, "作废", "Cancel"),
		def(PermOrdersFiles, PermOrders, "上传和删除文件", "Upload and delete files"),
		def(PermOrderTypes, "", "订单类型", "Order types"),
		def(PermOrderTypesCreate, PermOrderTypes, "新增", "Create"),
		def(PermOrderTypesEdit, PermOrderTypes, "编辑", "Edit"),
		def(PermOrderTypesDelete, PermOrderTypes, "删除", "Delete"),
		def(PermProductTypes, "", "产品类型", "Product types"),
		def(PermProductTypesCreate, PermProductTypes, "新增", "Create"),
		def(PermProductTypesEdit, PermProductTypes, "编辑", "Edit"),
		def(PermProductTypesDelete, PermProductTypes, "删除", "Delete"),
	},
}}
