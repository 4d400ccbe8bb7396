package catalog

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (spec 001 §6). The parents are the read permissions.
const (
	PermProducts       = "SalesOrder.Products"
	PermProductsCreate = "SalesOrder.Products.Create"
	PermProductsEdit   = "SalesOrder.Products.Edit"
	PermProductsDelete = "SalesOrder.Products.Delete"
	PermProductsImport = "SalesOrder.Products.Import"

	PermParts       = "SalesOrder.Parts"
	PermPartsCreate = "SalesOrder.Parts.Create"
	PermPartsEdit   = "SalesOrder.Parts.Edit"
	PermPartsDelete = "SalesOrder.Parts.Delete"
	PermPartsImport = "SalesOrder.Parts.Import"

	PermStandardProducts       = "SalesOrder.StandardProducts"
	PermStandardProductsCreate = "SalesOrder.StandardProducts.Create"
	PermStandardProductsEdit   = "SalesOrder.StandardProducts.Edit"
	PermStandardProductsDelete = "SalesOrder.StandardProducts.Delete"
)

// ReadPermissions are what a role needs to browse the catalogues.
var ReadPermissions = []string{PermProducts, PermParts, PermStandardProducts}

// perms are the permissions of one module's tree.
type perms struct {
	Read, Create, Edit, Delete, Import string
}

var modulePerms = map[string]perms{
	ModuleProduct: {PermProducts, PermProductsCreate, PermProductsEdit, PermProductsDelete, PermProductsImport},
	ModuleMatter:  {PermParts, PermPartsCreate, PermPartsEdit, PermPartsDelete, PermPartsImport},
}

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "Catalog",
	DisplayName: localization.Text{ZhHans: "产品目录", En: "Catalogues"},
	Permissions: []permission.Definition{
		def(PermProducts, "", "产品管理", "Products"),
		def(PermProductsCreate, PermProducts, "新增目录和产品", "Create directories and products"),
		def(PermProductsEdit, PermProducts, "编辑", "Edit"),
		def(PermProductsDelete, PermProducts, "删除", "Delete"),
		def(PermProductsImport, PermProducts, "导入和移动", "Import and move"),
		def(PermParts, "", "物料管理", "Materials"),
		def(PermPartsCreate, PermParts, "新增目录和物料", "Create directories and materials"),
		def(PermPartsEdit, PermParts, "编辑", "Edit"),
		def(PermPartsDelete, PermParts, "删除", "Delete"),
		def(PermPartsImport, PermParts, "导入和移动", "Import and move"),
		def(PermStandardProducts, "", "标准产品", "Standard products"),
		def(PermStandardProductsCreate, PermStandardProducts, "新增", "Create"),
		def(PermStandardProductsEdit, PermStandardProducts, "编辑", "Edit"),
		def(PermStandardProductsDelete, PermStandardProducts, "删除", "Delete"),
	},
}}
