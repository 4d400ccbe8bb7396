package orderdetail

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/salesorder"
)

// menus: the detail-table configuration page, in the sales group after the product types.
var menus = []module.MenuEntry{
	{Name: salesorder.MenuSales + ".detailTables", Parent: salesorder.MenuSales, Path: "/sales/detail-tables",
		Component: "detail-tables/index", Icon: "setting", Order: 9, Permission: PermDetailTables,
		DisplayName: localization.Text{ZhHans: "明细表配置", En: "Detail tables"}},
}

// Menus answers the area's menu entries.
func (m *Module) Menus() []module.MenuEntry { return menus }
