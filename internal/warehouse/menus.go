package warehouse

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuGroup is the offcut pages' group (spec 002 §2.4: "An offcut manage section").
const MenuGroup = "offcut"

func menuText(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

// menus are the group and its three pages; the web app registers the same component keys
// (web/src/features/warehouse/routes.ts).
var menus = []module.MenuEntry{
	{Name: MenuGroup, Path: "/offcut", Component: "Layout", Icon: "database", Order: 45,
		DisplayName: menuText("余料管理", "Offcuts")},
	{Name: MenuGroup + ".statistics", Parent: MenuGroup, Path: "/offcut/statistics", Component: "warehouse/statistics",
		Icon: "bar-chart", Order: 1, Permission: PermStock, DisplayName: menuText("余料统计", "Offcut statistics")},
	{Name: MenuGroup + ".inventory", Parent: MenuGroup, Path: "/offcut/inventory", Component: "warehouse/inventory",
		Icon: "table", Order: 2, Permission: PermStock, DisplayName: menuText("数据与库存", "Data and inventory")},
	{Name: MenuGroup + ".shelves", Parent: MenuGroup, Path: "/offcut/shelves", Component: "warehouse/shelves",
		Icon: "appstore", Order: 3, Permission: PermShelves, DisplayName: menuText("货架看板", "Shelves")},
}
