package catalog

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

var menus = []module.MenuEntry{
	{Name: "catalogue", Path: "/catalog", Component: "Layout", Icon: "appstore", Order: 20,
		DisplayName: localization.Text{ZhHans: "产品目录", En: "Catalogue"}},
	{Name: "catalogue.products", Parent: "catalogue", Path: "/catalog/products", Component: "products/index",
		Icon: "shopping", Order: 1, Permission: PermProducts,
		DisplayName: localization.Text{ZhHans: "产品管理", En: "Products"}},
	{Name: "catalogue.parts", Parent: "catalogue", Path: "/catalog/parts", Component: "parts/index",
		Icon: "block", Order: 2, Permission: PermParts,
		DisplayName: localization.Text{ZhHans: "物料管理", En: "Materials"}},
	{Name: "catalogue.standardProducts", Parent: "catalogue", Path: "/catalog/standard-products",
		Component: "standard-products/index", Icon: "gold", Order: 3, Permission: PermStandardProducts,
		DisplayName: localization.Text{ZhHans: "标准产品", En: "Standard products"}},
}
